import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, AUTO_MARGINS, HTML_LOAD_TIMEOUT_MS, type Margins, type ToolOptions } from '@quire/shared';
import type { Browser, BrowserType } from 'playwright-core';
import type { JobContext } from '../ops/types.ts';
import { stopError } from '../process/stop-error.ts';
import { CHROMIUM_BINARY, CHROMIUM_FLAGS, chromiumSandboxArgs } from './chromium-sandbox.ts';
import type { HtmlSite } from './html-site.ts';
import { removeTree } from '../process/remove-tree.ts';

/**
 * The made-up origin the page is served from (`.invalid` never resolves, RFC 6761): its files are answered from the
 * upload by the request interception below, and every request for anything else is refused there.
 */
export const PAGE_ORIGIN = 'https://page.quire.invalid';

export type PrintSettings = {
  pageSize: ToolOptions<'html-to-pdf'>['pageSize'];
  landscape: boolean;
  margins: Margins;
  /** Past this many pages the page is refused (`DOCUMENT_TOO_COMPLEX`): only one page more is ever drawn. */
  maxPages: number;
};

export type PrintResult = {
  pdf: Buffer;
  /** Requests the page made for anything outside its own files, each refused. */
  refusedRequests: number;
};

/**
 * playwright-core, loaded by the first job that prints (2-3 s and some 90 MB of a worker's memory): every worker
 * imports the engine's ops, and most never run this one.
 */
let chromiumType: Promise<BrowserType> | null = null;
const loadChromium = () =>
  (chromiumType ??= import('playwright-core').then(
    (module) => module.chromium,
    (error: unknown) => {
      chromiumType = null;
      throw error;
    },
  ));

/** Playwright's names of the paper sizes, and their width in inches (portrait), for the window's width. */
const PAPER = {
  a4: { format: 'A4', widthInches: 8.27 },
  letter: { format: 'Letter', widthInches: 8.5 },
  legal: { format: 'Legal', widthInches: 8.5 },
  a3: { format: 'A3', widthInches: 11.7 },
  a5: { format: 'A5', widthInches: 5.83 },
  tabloid: { format: 'Tabloid', widthInches: 11 },
} as const satisfies Record<PrintSettings['pageSize'], { format: string; widthInches: number }>;
const PAPER_HEIGHT_INCHES = { a4: 11.69, letter: 11, legal: 14, a3: 16.54, a5: 8.27, tabloid: 17 } as const;
/** `auto` margins: the page's own `@page` margins when it sets them, else 1 cm each side. */
const AUTO_MARGIN = '10mm';
/** What the files are served with: nothing but the page's own origin, inline code and data URLs may load. */
const CONTENT_SECURITY_POLICY =
  "default-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob:; form-action 'none'; base-uri 'self'";

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html',
  htm: 'text/html',
  xhtml: 'application/xhtml+xml',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  json: 'application/json',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  txt: 'text/plain',
  xml: 'application/xml',
};

/**
 * Prints a page to PDF with a headless Chromium started for this job alone, in its own sandbox with no network
 * (`chromium-sandbox.ts`), its own profile in the job's directory and a fresh browser context with service workers
 * blocked. Every request the page makes (its document, frames, pictures, styles, fonts, scripts' fetches, workers'
 * imports, navigations) is intercepted: a GET for a file of the site at `PAGE_ORIGIN` is answered with its bytes,
 * anything else is refused before it leaves the browser (remote addresses, other origins, `file:`, redirects, form
 * posts, any later navigation of the page itself), and WebSockets are closed unopened. Documents carry a content
 * security policy that allows only the page's own origin, a third wall behind the sandbox and the interception.
 *
 * The page has `HTML_LOAD_TIMEOUT_MS` to load (its load event, then its fonts): past it, a script that runs without
 * end or keeps the page busy, `HTML_LOAD_TIMEOUT`. Its scripts are then stopped, so that a page that keeps growing
 * is printed as it stands, and at most `maxPages` + 1 pages are drawn: more is `DOCUMENT_TOO_COMPLEX`. A renderer
 * that dies (a script's heap past its cap) is `RESOURCE_LIMIT_EXCEEDED`. The browser is closed, its whole process
 * group with it, whatever happens, and when the job's signal aborts.
 */
export async function printHtml(
  site: HtmlSite,
  settings: PrintSettings,
  ctx: JobContext,
): Promise<PrintResult> {
  const deadline = performance.now() + ctx.timeoutMs;
  const root = join(ctx.workDir, 'chromium');
  await Promise.all(['profile', 'tmp'].map((dir) => mkdir(join(root, dir), { recursive: true })));
  let browser: Browser | undefined;
  const onAbort = () => void browser?.close().catch(() => undefined);
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const chromium = await loadChromium();
    browser = await chromium.launch({
      executablePath: '/usr/bin/bwrap',
      ignoreDefaultArgs: true,
      args: [...chromiumSandboxArgs(root), '--', CHROMIUM_BINARY, ...CHROMIUM_FLAGS],
      timeout: Math.max(1, deadline - performance.now()),
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    if (ctx.signal.aborted) throw stopError(ctx.signal);
    return await printIn(browser, site, settings, deadline);
  } catch (error) {
    if (ctx.signal.aborted) throw stopError(ctx.signal);
    if (error instanceof AppError) throw error;
    throw new AppError(
      'CONVERSION_FAILED',
      'The page could not be drawn.',
      { fileIndex: 0 },
      { cause: error },
    );
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
    await browser?.close().catch(() => undefined);
    await removeTree(root);
  }
}

async function printIn(
  browser: Browser,
  site: HtmlSite,
  settings: PrintSettings,
  deadline: number,
): Promise<PrintResult> {
  const paper = PAPER[settings.pageSize];
  const [width, height] = [paper.widthInches, PAPER_HEIGHT_INCHES[settings.pageSize]];
  const [across, down] = settings.landscape ? [height, width] : [width, height];
  const context = await browser.newContext({
    serviceWorkers: 'block',
    acceptDownloads: false,
    // The window is as wide as the paper, for the page's media queries and its layout before printing.
    viewport: { width: Math.round(across * 96), height: Math.round(down * 96) },
  });
  let refusedRequests = 0;
  let hasNavigated = false;
  const indexUrl = `${PAGE_ORIGIN}/${site.indexPath.split('/').map(encodeURIComponent).join('/')}`;
  const page = await context.newPage();
  await context.route('**/*', (route) => {
    const request = route.request();
    const isPageNavigation = request.isNavigationRequest() && request.frame() === page.mainFrame();
    const answer = answerRequest(
      site,
      { url: request.url(), method: request.method(), isPageNavigation },
      hasNavigated,
    );
    if (isPageNavigation) hasNavigated = true;
    if (answer === null) {
      refusedRequests += 1;
      return route.abort('aborted');
    }
    return route.fulfill(answer);
  });
  await context.routeWebSocket(/.*/, (socket) => {
    refusedRequests += 1;
    return socket.close({ code: 1008, reason: 'No connection leaves the job.' });
  });

  let crashed = false;
  const crash = new Promise<never>((_, reject) => {
    page.once('crash', () => {
      crashed = true;
      reject(
        new AppError('RESOURCE_LIMIT_EXCEEDED', 'The page needed more memory than it may use.', {
          resource: 'memory',
        }),
      );
    });
  });
  crash.catch(() => undefined);
  // The page's time to load: its own, or what is left of the job's when that is less.
  const loadStarted = performance.now();
  const loadDeadline = Math.min(deadline, loadStarted + HTML_LOAD_TIMEOUT_MS);
  const loadTimeout = () => {
    const seconds = Math.max(1, Math.round((loadDeadline - loadStarted) / 1000));
    return new AppError('HTML_LOAD_TIMEOUT', `The page did not finish loading within ${seconds} s.`, {
      fileIndex: 0,
      seconds,
    });
  };
  const within = <T>(work: Promise<T>, until: number, onTimeout: () => AppError) =>
    race(work, crash, until, onTimeout);

  // Until the document is committed only: the page's own attempts to go elsewhere (refused) would otherwise keep the
  // navigation's load from ever being reported. Its load event is then waited for in the page.
  await within(page.goto(indexUrl, { waitUntil: 'commit', timeout: 0 }), loadDeadline, loadTimeout);
  await within(page.evaluate(LOADED), loadDeadline, loadTimeout);
  await within(page.evaluate(SETTLE), loadDeadline, loadTimeout);
  if (settings.margins !== AUTO_MARGINS) {
    // The margins asked for win over the page's own `@page` margins, which Chromium otherwise follows.
    const { top, right, bottom, left } = settings.margins;
    const css = `@page { margin: ${top}pt ${right}pt ${bottom}pt ${left}pt !important; }`;
    await within(
      page.addStyleTag({ content: css }).catch(() => undefined),
      loadDeadline,
      loadTimeout,
    );
  }
  // The page is printed as it stands now: its timers and handlers run no more.
  const session = await context.newCDPSession(page);
  await within(
    session.send('Emulation.setScriptExecutionDisabled', { value: true }),
    loadDeadline,
    loadTimeout,
  );

  const margin = marginsOf(settings.margins);
  const pdf = await within(
    page.pdf({
      format: paper.format,
      landscape: settings.landscape,
      margin,
      printBackground: true,
      preferCSSPageSize: false,
      outline: true,
      tagged: true,
      pageRanges: `1-${settings.maxPages + 1}`,
    }),
    deadline,
    () => new AppError('JOB_TIMEOUT', 'The page took too long to print.'),
  );
  if (crashed) throw new AppError('RESOURCE_LIMIT_EXCEEDED', 'The page needed more memory than it may use.');
  return { pdf, refusedRequests };
}

/** Run in the page: waits for its load event, unless it has passed. */
const LOADED = `document.readyState === 'complete' ? undefined : new Promise((resolve) => {
  addEventListener('load', () => resolve(), { once: true });
})`;

/**
 * Run in the page: waits for its fonts, then for two frames to be drawn (or a tenth of a second, where frames
 * stall). A text, as the engine is not typed for the browser's globals.
 */
const SETTLE = `document.fonts.ready.then(() => new Promise((resolve) => {
  requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
  setTimeout(resolve, 100);
}))`;

/** A request as the interception sees it. */
export type PageRequest = {
  url: string;
  method: string;
  /** A navigation of the page itself (its main frame), not of one of its frames. */
  isPageNavigation: boolean;
};

/** What a request is answered with: a status, headers and a body; null when it is refused. */
export type Answer = { status: number; headers?: Record<string, string>; body: string | Buffer };

/**
 * The answer to one request: a file of the site for a GET of the page's origin, a bare 404 for a file it does not
 * hold; null (refused) for anything else, and for the page's own navigations after its first (a refresh or a
 * script sending it elsewhere, even to another of its files: what is printed is the page sent).
 */
export function answerRequest(site: HtmlSite, request: PageRequest, hasNavigated: boolean): Answer | null {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return null;
  }
  if (url.origin !== PAGE_ORIGIN || request.method !== 'GET') return null;
  if (request.isPageNavigation && hasNavigated) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname).replace(/^\/+/, '');
  } catch {
    return { status: 404, body: '' };
  }
  if (path === '' || path.endsWith('/')) path += 'index.html';
  const bytes = site.read(path);
  if (bytes === null) return { status: 404, body: '' };
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return {
    status: 200,
    headers: {
      'content-type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'cache-control': 'no-store',
    },
    body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  };
}

function marginsOf(margins: Margins): { top: string; right: string; bottom: string; left: string } {
  if (margins === AUTO_MARGINS) {
    return { top: AUTO_MARGIN, right: AUTO_MARGIN, bottom: AUTO_MARGIN, left: AUTO_MARGIN };
  }
  // Playwright takes inches, not points: 72 points to the inch.
  const inches = (points: number) => `${points / 72}in`;
  return {
    top: inches(margins.top),
    right: inches(margins.right),
    bottom: inches(margins.bottom),
    left: inches(margins.left),
  };
}

/** `work`, unless the renderer crashes first or `until` (a `performance.now()` time) passes. */
async function race<T>(
  work: Promise<T>,
  crash: Promise<never>,
  until: number,
  onTimeout: () => AppError,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  // Work given up on still settles later (its browser closed): its failure then is nobody's.
  work.catch(() => undefined);
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), Math.max(0, until - performance.now()));
  });
  try {
    return await Promise.race([work, crash, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
