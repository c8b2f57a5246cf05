// npm run bench page-view [-- --runs 3]: the page view of the built site (Rotate) in this machine's Chromium, on
// files of 50, 500 and 2,000 pages built from corpus files with qpdf. Per size, the median of the runs (each in a
// fresh browser context) of:
//   first 12        from choosing the file to 12 thumbnails drawn (the renderer's code fetched after the choice)
//   tab heap        the page's JavaScript heap in use, after the grid was scrolled to the end (a screen every
//                   150 ms, or 40 steps) and back halfway, and the pages in view there drawn
//   workers heap    the JavaScript heap in use of the page's workers (the renderer and pdf.js's parser)
//   renderer RSS    the tab's renderer process (page and workers, canvases and bitmaps included)
//   in DOM          thumbnails in the DOM at the end
// Memory is read through the DevTools protocol (Runtime.getHeapUsage per target) and /proc.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { corpusPath } from '@quire/corpus';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@quire/test-kit/browser';
import { formatTable, median } from './measure.ts';
import { descendants } from './proc-stats.ts';
import { startServer } from './start-server.ts';

const { values: args } = parseArgs({
  args: process.argv.slice(3),
  options: { runs: { type: 'string', default: '3' } },
});
const RUNS = Number(args.runs);
const BOOK = corpusPath('pdf/pdfjs_freeculture-book_352p.pdf');
const NOTES = corpusPath('pdf/pysamples_geotopo-lecture-notes_117p.pdf');

const work = mkdtempSync(join(tmpdir(), 'quire-page-view-bench-'));
/** A file of `pages` pages: the book repeated, then its first pages. */
function buildPages(pages: number): string {
  const path = join(work, `${pages}p.pdf`);
  const whole = Math.floor(pages / 352);
  const rest = pages % 352;
  const inputs = [
    ...Array.from({ length: whole }, () => [BOOK, '1-z']).flat(),
    ...(rest ? [BOOK, `1-${rest}`] : []),
  ];
  execFileSync('qpdf', ['--empty', '--pages', ...inputs, '--', path]);
  return path;
}
const SIZES = [
  { pages: 50, path: join(work, '50p.pdf') },
  { pages: 500, path: buildPages(500) },
  { pages: 2000, path: buildPages(2000) },
];
execFileSync('qpdf', ['--empty', '--pages', NOTES, '1-50', '--', join(work, '50p.pdf')]);

type Run = { first12Ms: number; tabHeap: number; workersHeap: number; rss: number; inDom: number };

function rendererRssBytes(): number {
  let total = 0;
  for (const pid of descendants(process.pid)) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      total += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    } catch {
      // The process ended while it was read.
    }
  }
  return total;
}

/** The JavaScript heap in use of every worker target, through the browser's DevTools session. */
async function workersHeapBytes(session: CDPSession): Promise<number> {
  const { targetInfos } = (await session.send('Target.getTargets')) as {
    targetInfos: { targetId: string; type: string }[];
  };
  let total = 0;
  for (const target of targetInfos.filter((info) => info.type === 'worker')) {
    const { sessionId } = (await session.send('Target.attachToTarget', {
      targetId: target.targetId,
      flatten: false,
    })) as { sessionId: string };
    const answer = new Promise<number>((resolve) => {
      const onMessage = (event: { sessionId: string; message: string }) => {
        if (event.sessionId !== sessionId) return;
        const message = JSON.parse(event.message) as { id?: number; result?: { usedSize: number } };
        if (message.id !== 1) return;
        session.off('Target.receivedMessageFromTarget', onMessage);
        resolve(message.result?.usedSize ?? 0);
      };
      session.on('Target.receivedMessageFromTarget', onMessage);
    });
    await session.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id: 1, method: 'Runtime.getHeapUsage' }),
    });
    total += await answer;
    await session.send('Target.detachFromTarget', { sessionId });
  }
  return total;
}

const drawnCount = (page: Page) => page.locator('[data-testid="page-thumbnail"][data-drawn="true"]').count();

async function runOnce(browser: Browser, baseUrl: string, path: string): Promise<Run> {
  // The page's CSP forbids evaluating strings, which is how this bench (with no DOM types) waits on the page.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(new URL('/rotate-pdf', baseUrl).href);
  // Hydrated: React's props are on the header's language switcher (hydrated among the last parts).
  await page.waitForFunction(
    `(() => {
      const root = document.querySelector('[data-testid="language-switcher"]');
      return root !== null && Object.keys(root).some((key) => key.startsWith('__reactProps'));
    })()`,
    null,
    { timeout: 30_000 },
  );
  const started = Date.now();
  await page.locator('input[type=file]').setInputFiles([path]);
  await page.waitForFunction(
    `document.querySelectorAll('[data-testid="page-thumbnail"][data-drawn="true"]').length >= 12`,
    null,
    { timeout: 60_000, polling: 10 },
  );
  const first12Ms = Date.now() - started;
  // Scroll to the end in screens, letting each draw, then back to the middle.
  const grid = page.getByTestId('page-grid');
  const screens = await grid.evaluate((element) => Math.ceil(element.scrollHeight / element.clientHeight));
  const step = Math.max(1, Math.ceil(screens / 40));
  for (let screen = step; screen <= screens; screen += step) {
    await grid.evaluate((element, at) => element.scrollTo({ top: at * element.clientHeight }), screen);
    await page.waitForTimeout(150);
  }
  await grid.evaluate((element) => element.scrollTo({ top: element.scrollHeight / 2 }));
  // Then until the pages in view are drawn (or 30 s).
  const inView = await page.getByTestId('page-thumbnail').count();
  for (let waited = 0; waited < 60 && (await drawnCount(page)) < inView; waited += 1) {
    await page.waitForTimeout(500);
  }
  const pageSession = await context.newCDPSession(page);
  await pageSession.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await pageSession.send('Runtime.getHeapUsage')) as { usedSize: number };
  const browserSession = await browser.newBrowserCDPSession();
  const workersHeap = await workersHeapBytes(browserSession);
  const rss = rendererRssBytes();
  const inDom = await page.getByTestId('page-thumbnail').count();
  if ((await drawnCount(page)) === 0) throw new Error('nothing drawn after scrolling');
  await browserSession.detach();
  await context.close();
  return { first12Ms, tabHeap: usedSize, workersHeap, rss, inDom };
}

const server = await startServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_FLAGS,
});
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const rows = [
  ['pages', 'first 12 (ms)', 'tab heap (MB)', 'workers heap (MB)', 'renderer RSS (MB)', 'in DOM'],
];
try {
  for (const { pages, path } of SIZES) {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      runs.push(await runOnce(browser, server.baseUrl, path));
      console.error(pages, 'pages, run', run + 1, JSON.stringify(runs.at(-1)));
    }
    rows.push([
      String(pages),
      median(runs.map((run) => run.first12Ms)).toFixed(0),
      mb(median(runs.map((run) => run.tabHeap))),
      mb(median(runs.map((run) => run.workersHeap))),
      mb(median(runs.map((run) => run.rss))),
      String(median(runs.map((run) => run.inDom))),
    ]);
  }
  console.log(formatTable(rows));
} finally {
  await browser.close();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
