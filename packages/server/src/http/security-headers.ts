import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * The browser-side defences of the site.
 *
 * Every page gets a Content-Security-Policy of its own: the prerendered HTML carries a few inline scripts (React
 * Router's hydration context) and the inlined stylesheet, and the policy allows exactly those by their SHA-256
 * hashes, so an injected `<script>` or `<style>` would not run. Everything else comes from this origin only;
 * `blob:` covers the results and previews the page makes itself, `data:` the images the stylesheet embeds.
 * Inline `style` attributes stay allowed (React sets a few, such as a progress bar's width): they cannot run code.
 */
const FIXED_DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self' blob:",
  "worker-src 'self'",
  "style-src-attr 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "manifest-src 'self'",
];

/** HSTS is sent only over TLS (a browser ignores it otherwise); a year, without claiming the operator's subdomains. */
const HSTS = 'max-age=31536000';

/** Inline `<script>` and `<style>` elements: their exact text is what the browser hashes. */
const INLINE_ELEMENT = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi;

/** The Content-Security-Policy for one HTML document, allowing its own inline scripts and styles by hash. */
export function contentSecurityPolicy(html: string): string {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [, tag = '', attributes = '', text = ''] of html.matchAll(INLINE_ELEMENT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    (tag.toLowerCase() === 'script' ? scripts : styles).add(`'sha256-${sha256(text)}'`);
  }
  return [
    ...FIXED_DIRECTIVES,
    ["script-src 'self'", ...scripts].join(' '),
    ["style-src 'self'", ...styles].join(' '),
  ].join('; ');
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

/** Headers every answer carries, pages and API alike; HSTS when the request came over TLS. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
  });
}

/**
 * Headers of an HTML page besides its policy: no framing, no powerful features.
 *
 * No `Cross-Origin-Opener-Policy`: with `same-origin`, a page reached from a document without that header (a blank
 * tab, a search result, a link in a mail) must start in a new browsing context group, so in a new renderer process,
 * cold, where the tab's own process could otherwise have been used. Measured with Lighthouse (mobile preset, 4× CPU,
 * same build, runs alternating; it loads each page from a blank one in the same tab): a one-paragraph page scored
 * 81–84 with that header and 97–99 without; `/status` 87–90 and 97–98, its first task (committing the navigation)
 * taking about 100 ms instead of 40–65. Chrome on a phone gives a site that sends the header a process of its own,
 * so a visitor there would pay it on every first visit. What the header would add is small for Quire: no sessions or
 * cookies, no framing (`frame-ancestors`, `X-Frame-Options`), other sites opened without an opener; what is left is
 * a page that opened Quire keeping a handle to its window (to navigate it, or to count its frames: none).
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
};
