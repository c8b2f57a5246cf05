import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { AppError, DEFAULT_LOCALE, NOT_FOUND_SEGMENT, splitLocale } from '@quire/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../error-handler.ts';
import { holdDirectory } from '../hold-directory.ts';
import { contentSecurityPolicy, PAGE_HEADERS } from '../security-headers.ts';

/** Files of the build that are never served as pages. */
const HIDDEN_FILES = new Set(['__spa-fallback.html']);
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** The suffix of a compressed copy the build writes beside a file (served through content negotiation). */
const COMPRESSED_COPY = /\.(br|gz)$/;

/**
 * Serves the prerendered site: `/merge-pdf` is `merge-pdf/index.html`, `/es/` is `es/index.html`, hashed assets
 * are cached for a year. The set of paths is read once at start, so a request can only ever name a file the build
 * wrote. Anything else is an HTTP 404 with the not-found page of the path's folder, if it has one, else of the
 * path's language (JSON under `/api/`). React Router matches paths in the browser regardless of letter case (its
 * client routes drop `caseSensitive`), so a page named in other case is redirected to, and the not-found page is
 * chosen by the lower-case path: the page served is always the page the router hydrates (no React error #418).
 * Where the build wrote a compressed copy beside a file (`x.js.br`, `x.js.gz`), a client that accepts it gets it.
 * Each HTML file's Content-Security-Policy is computed once, at start, from the inline scripts and styles it holds,
 * and the files are those of the build `webRootLink` named at start (a link switched later changes nothing here).
 */
export async function registerSiteRoutes(app: FastifyInstance, webRootLink: string): Promise<void> {
  const held = holdDirectory(webRootLink);
  if (held !== null) app.addHook('onClose', async () => held.release());
  const webRoot = held?.path ?? webRootLink;
  const pages = await indexSite(webRoot);
  const policies = await readPolicies(webRoot, new Set(pages.values()));
  const notFoundPages = new Map<string, string>();
  for (const [urlPath, file] of pages) {
    if (/(^|\/)404\.html$/.test(file)) notFoundPages.set(urlPath.replace(/404\.html$/, ''), file);
  }
  const notFoundFiles = new Set(notFoundPages.values());

  await app.register(fastifyStatic, { root: webRoot, serve: false, index: false, preCompressed: true });

  app.get('/*', async (request, reply) => {
    if (request.url.startsWith('/api/')) return sendApiNotFound(request, reply);
    const pathname = decodePath(request.url);
    const file = pathname === null ? undefined : pages.get(pathname);
    if (file === undefined) {
      const page = pathname === null ? undefined : pageInOtherCase(pathname);
      if (page === undefined) return sendNotFound(pathname ?? '/', reply);
      const query = request.url.indexOf('?');
      return reply.redirect(query === -1 ? page : page + request.url.slice(query), 301);
    }
    const isAsset = file.startsWith('assets/');
    const policy = policies.get(file);
    if (policy !== undefined) void reply.headers({ ...PAGE_HEADERS, 'content-security-policy': policy });
    return reply
      .header('vary', 'accept-encoding')
      .sendFile(file, isAsset ? { maxAge: ONE_YEAR_MS, immutable: true } : { maxAge: 0 });
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) return sendApiNotFound(request, reply);
    return sendNotFound(decodePath(request.url) ?? '/', reply);
  });

  function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
    return sendError(
      request,
      reply,
      new AppError('NOT_FOUND', `There is no ${request.method} ${request.url.split('?')[0]}.`),
    );
  }

  /**
   * The page a path names in other letter case (`/Merge-PDF`, `/ES/`), if any: the browser's router would show that
   * page there, so the visitor is sent to its one address (301) rather than shown a 404 the router then contradicts.
   */
  function pageInOtherCase(pathname: string): string | undefined {
    const lower = pathname.toLowerCase();
    const file = lower === pathname ? undefined : pages.get(lower);
    return file?.endsWith('.html') && !notFoundFiles.has(file) ? lower : undefined;
  }

  /**
   * The not-found page for an unknown path with no language prefix. The browser's router reads its first segment as
   * a language (`/:lang?/…`) and the rest as a page of that language: `/xx/merge-pdf` is the merge page, `/xx` the
   * home page, `/xx/blog/<slug>` a blog post, anything else its splat route; and it shows the English not-found
   * page there. The build prerendered that page for each of those routes (`/__404/merge-pdf` and so on): the page
   * sent must be rendered by the route the router matches.
   */
  function underUnknownLanguage(path: string): string | undefined {
    const rest = path
      .split('/')
      .filter((segment) => segment !== '')
      .slice(1);
    if (rest.length === 0) return notFoundPages.get('/');
    const asRead = `/${NOT_FOUND_SEGMENT}/${rest.join('/')}`;
    return (
      notFoundPages.get(`${asRead}/`) ??
      notFoundPages.get(`${parentFolder(asRead)}${NOT_FOUND_SEGMENT}/`) ??
      notFoundPages.get(`/${NOT_FOUND_SEGMENT}/${NOT_FOUND_SEGMENT}/`)
    );
  }

  async function sendNotFound(pathname: string, reply: FastifyReply) {
    // Chosen by the path in lower case, as the browser's router matches it: `/ES/nope` hydrates as the Spanish
    // not-found page and `/BLOG/nope` as the blog's, so they must be served as those pages.
    const path = pathname.toLowerCase();
    const { locale } = splitLocale(path);
    const prefix = locale === DEFAULT_LOCALE ? '/' : `/${locale}/`;
    const page =
      (locale === DEFAULT_LOCALE && parentFolder(path) !== '/blog/'
        ? underUnknownLanguage(path)
        : undefined) ??
      notFoundPages.get(parentFolder(path)) ??
      notFoundPages.get(prefix) ??
      notFoundPages.get('/');
    const body = page
      ? await readFile(join(webRoot, page))
      : '<!doctype html><title>404 Page Not Found</title><h1>404 Page Not Found</h1>';
    const policy = (page && policies.get(page)) ?? contentSecurityPolicy(body.toString());
    return reply
      .headers({ ...PAGE_HEADERS, 'content-security-policy': policy })
      .status(404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(body);
  }
}

/** HTML file → its Content-Security-Policy. */
async function readPolicies(webRoot: string, files: Set<string>): Promise<Map<string, string>> {
  const policies = new Map<string, string>();
  for (const file of files) {
    if (file.endsWith('.html')) {
      policies.set(file, contentSecurityPolicy(await readFile(join(webRoot, file), 'utf8')));
    }
  }
  return policies;
}

/** URL path → file relative to the web root, for every file of the build but compressed copies of another. */
async function indexSite(webRoot: string): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  if (!existsSync(webRoot)) return pages;
  const entries = await readdir(webRoot, { recursive: true, withFileTypes: true });
  const files = new Set(
    entries
      .filter((entry) => entry.isFile() && !HIDDEN_FILES.has(entry.name))
      .map((entry) => relative(webRoot, join(entry.parentPath, entry.name)).split(sep).join('/')),
  );
  for (const file of files) {
    if (COMPRESSED_COPY.test(file) && files.has(file.replace(COMPRESSED_COPY, ''))) continue;
    const name = file.slice(file.lastIndexOf('/') + 1);
    pages.set(`/${file}`, file);
    if (name === 'index.html') {
      const dir = file.slice(0, -'index.html'.length);
      pages.set(`/${dir}`, file);
      if (dir !== '') pages.set(`/${dir.slice(0, -1)}`, file);
    }
  }
  return pages;
}

/**
 * The folder a path is directly in: `/es/blog/` for `/es/blog/no-such-post` (or `…/no-such-post/`). A folder with
 * a `404.html` of its own (the blog's "Post Not Found") answers the unknown paths directly in it, just as the
 * site's router matches them there (`/blog/:slug`); deeper paths get the language's page.
 */
function parentFolder(pathname: string): string {
  const path = pathname.replace(/\/+$/, '');
  return path.slice(0, path.lastIndexOf('/') + 1);
}

function decodePath(url: string): string | null {
  try {
    const pathname = decodeURIComponent(url.split('?')[0] ?? '/');
    return pathname.includes('\0') ? null : pathname;
  } catch {
    return null;
  }
}
