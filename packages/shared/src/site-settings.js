/**
 * The operator's settings that are written into the prerendered pages: the public origin and the contact address,
 * with the server's default address they fall back on. Plain JavaScript, typed by `site-settings.d.ts`, because
 * `scripts/setup.mjs` reads it with Node alone, before any npm package (or TypeScript runner) is installed; the web
 * build and the server import the same file through `@quire/shared`, so each rule is written once.
 */

/** The server's address when `HOST` and `PORT` are unset. */
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 3000;

/**
 * The host the site names when the server listens on every address of the machine (`0.0.0.0`, `::`): such an
 * address can be listened on but not visited. `localhost` reaches this machine over IPv4 and IPv6 alike; visitors
 * on other machines need `QUIRE_PUBLIC_ORIGIN`.
 */
export const WILDCARD_PUBLIC_HOST = 'localhost';
const WILDCARD_HOSTNAMES = new Set(['0.0.0.0', '[::]']);

export class SiteSettingError extends Error {}

/**
 * An absolute http(s) origin (scheme, host and an optional port; no path, query or fragment), normalised
 * (`https://PDF.Example.org:443/` is `https://pdf.example.org`).
 */
export function parsePublicOrigin(raw, name = 'QUIRE_PUBLIC_ORIGIN') {
  const value = raw.trim();
  const fail = (reason) => {
    throw new SiteSettingError(
      `${name} must be an absolute http(s) origin such as https://pdf.example.org (${reason}), not "${raw}".`,
    );
  };
  let url;
  try {
    url = new URL(value);
  } catch {
    return fail('not an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail('the scheme must be http or https');
  if (url.username !== '' || url.password !== '') fail('no user name or password');
  if (url.pathname !== '/' || /[?#]/.test(value)) fail('no path, query or fragment');
  return url.origin;
}

/** `PORT` as the server reads it: a whole number from 0 to 65535, the default when unset. */
export function parsePort(raw) {
  const value = raw?.trim() ?? '';
  if (value === '') return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new SiteSettingError(`PORT must be a whole number from 0 to 65535, not "${value}".`);
  }
  return port;
}

/** The URL of a server listening on `host` and `port`, as typed: a wildcard host stays a wildcard. */
function listenUrl(host, port) {
  const name = host.trim() || DEFAULT_HOST;
  const bracketed = name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
  try {
    return new URL(`http://${bracketed}:${port}`);
  } catch {
    throw new SiteSettingError(`HOST must be a host name or an IP address, not "${host}".`);
  }
}

/**
 * The origin visitors on this machine reach a server at that listens on `host` and `port`: `http://127.0.0.1:3000`,
 * `http://[::1]:8080`; a wildcard host (`0.0.0.0`, `::`) is named as `localhost`.
 */
export function listenOrigin(host, port) {
  const url = listenUrl(host, port);
  if (WILDCARD_HOSTNAMES.has(url.hostname)) url.hostname = WILDCARD_PUBLIC_HOST;
  return url.origin;
}

/**
 * A plain email address (`contact@pdf.example.org`): no name, no `mailto:`, no spaces; letters, digits and `. _ + -`
 * before the `@`, a domain name with a dot after it. Kept that plain so that it reads the same in a `mailto:` link
 * and in the text of a page.
 */
export function parseContactEmail(raw, name = 'QUIRE_CONTACT_EMAIL') {
  const value = raw.trim();
  const label = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
  const pattern = new RegExp(`^[A-Za-z0-9_+-]+(?:\\.[A-Za-z0-9_+-]+)*@${label}(?:\\.${label})+$`);
  if (value.length > 254 || !pattern.test(value)) {
    throw new SiteSettingError(
      `${name} must be a plain email address such as contact@pdf.example.org (no name, no "mailto:"), not "${raw}".`,
    );
  }
  return value;
}

/**
 * The settings a build is made with, from the environment `npm start` runs in. The public origin is
 * `QUIRE_PUBLIC_ORIGIN`, else the server's own address from `HOST` and `PORT` (so `PORT=4000 npm start` names
 * port 4000 in its pages). `PORT=0` (a free port chosen at start) cannot be known in advance: the default port is
 * named. The contact address is `QUIRE_CONTACT_EMAIL`, or null: the site then names none. `notes` say what an
 * operator may want to know about the result.
 */
export function readSiteSettings(env) {
  const notes = [];
  const rawOrigin = env.QUIRE_PUBLIC_ORIGIN?.trim() ?? '';
  let publicOrigin;
  if (rawOrigin !== '') {
    publicOrigin = parsePublicOrigin(rawOrigin);
    notes.push(`The pages name ${publicOrigin} (QUIRE_PUBLIC_ORIGIN).`);
  } else {
    const host = env.HOST ?? '';
    const port = parsePort(env.PORT);
    publicOrigin = listenOrigin(host, port === 0 ? DEFAULT_PORT : port);
    notes.push(`The pages name ${publicOrigin}, the server's address (HOST and PORT).`);
    if (WILDCARD_HOSTNAMES.has(listenUrl(host, DEFAULT_PORT).hostname)) {
      notes.push(
        `HOST=${host.trim()} listens on every address of this machine; the pages name it ${WILDCARD_PUBLIC_HOST}.`,
      );
    }
    if (port === 0)
      notes.push(`PORT=0 picks a free port when the server starts; the pages name ${DEFAULT_PORT}.`);
    notes.push('Set QUIRE_PUBLIC_ORIGIN if visitors reach the site at another address.');
  }
  const rawEmail = env.QUIRE_CONTACT_EMAIL?.trim() ?? '';
  const contactEmail = rawEmail === '' ? null : parseContactEmail(rawEmail);
  if (contactEmail === null) {
    notes.push('QUIRE_CONTACT_EMAIL is not set: the site shows no contact address.');
  }
  return { publicOrigin, contactEmail, notes };
}
