// npm run bench first-input [-- --root <tree> --runs 3 --cpu 6 /path …]: how soon a page with an upload area works
// on a slow phone. Chromium at 390×844 with its CPU slowed `--cpu` times (DevTools' CPU throttling), on the built
// site served by the built server of `--root` (this tree by default: give another commit's tree for a before
// figure). From the moment the page's area is shown, 'Select files' is clicked every 250 ms until the file chooser
// opens. Per page, the median of the runs of:
//   first paint        the page's first contentful paint
//   chooser works      when the click that opened the chooser was handled (the page's clock)
//   first click delay  how long the first click waited for the main thread (handled minus sent)
//   worst click delay  the longest wait of any click before the chooser opened
//   upload hydrated    when React had taken over the upload area (its drop area's props are there)
//   hydrated           when React had taken the whole page over (its header's props are there: the header is
//                      among the parts hydrated last)
//   blocking           the main thread's blocking time from first paint to the later of the two hydrations (each
//                      task's part over 50 ms)
// The machine's load is printed too: throttling multiplies whatever else is running.
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@quire/test-kit/browser';
import { formatTable, median } from './measure.ts';
import { startServer } from './start-server.ts';

const { values: args, positionals } = parseArgs({
  args: process.argv.slice(3),
  allowPositionals: true,
  options: {
    root: { type: 'string' },
    runs: { type: 'string', default: '3' },
    cpu: { type: 'string', default: '6' },
  },
});
const PAGES = positionals.length > 0 ? positionals : ['/', '/merge-pdf', '/compress-pdf', '/ar/merge-pdf'];
const RUNS = Number(args.runs);
const CPU_SLOWDOWN = Number(args.cpu);
const CLICK_EVERY_MS = 250;
const GIVE_UP_MS = 30_000;

type Run = {
  firstPaint: number;
  chooserWorks: number;
  firstClickDelay: number;
  worstClickDelay: number;
  uploadHydrated: number;
  hydrated: number;
  blocking: number;
};

/**
 * What the page records from its first byte: clicks (sent and handled), long tasks, and when React took over. In
 * the page's own JavaScript (this project's bench code has no DOM types).
 */
const RECORDER = `(() => {
  const record = { clicks: [], tasks: [], uploadHydrated: 0, hydrated: 0 };
  window.__bench = record;
  // The click a label passes on to its input is the same click: only the visitor's are counted.
  window.addEventListener('click', (event) => {
    if (event.target.tagName !== 'INPUT') record.clicks.push([event.timeStamp, performance.now()]);
  }, true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const isReacts = (selector) => {
    const element = document.querySelector(selector);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps'));
  };
  const timer = setInterval(() => {
    // React gives an element its props as its render reaches it, so either may come first.
    if (!record.uploadHydrated && isReacts('[data-drop-area]')) record.uploadHydrated = performance.now();
    if (!record.hydrated && isReacts('[data-testid="language-switcher"]')) record.hydrated = performance.now();
    if (record.uploadHydrated && record.hydrated) clearInterval(timer);
  }, 20);
})()`;
const READ_RECORD = `({
  ...window.__bench,
  firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
})`;
type Recorded = {
  clicks: Array<[number, number]>;
  tasks: Array<[number, number]>;
  uploadHydrated: number;
  hydrated: number;
  firstPaint: number;
};

async function measure(page: Page, url: string): Promise<Run> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let choosers = 0;
  page.on('filechooser', () => {
    choosers += 1;
  });
  await page.goto(url, { waitUntil: 'commit' });
  const button = page.getByTestId('select-files-button');
  await button.waitFor({ state: 'visible', timeout: GIVE_UP_MS });
  const box = await button.boundingBox();
  if (!box) throw new Error(`no Select button on ${url}`);
  const started = Date.now();
  let clicks = 0;
  while (choosers === 0) {
    if (Date.now() - started > GIVE_UP_MS) throw new Error(`the chooser never opened on ${url}`);
    const sent = Date.now();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    clicks += 1;
    // A chooser opens a moment after its click is handled.
    await new Promise((go) => setTimeout(go, 50));
    if (choosers > 0) break;
    await new Promise((go) => setTimeout(go, Math.max(0, CLICK_EVERY_MS - (Date.now() - sent))));
  }
  // A function, not a string: the site's Content-Security-Policy forbids the eval a string predicate needs.
  await page.waitForFunction(
    () => {
      const record = (globalThis as { __bench?: { hydrated: number; uploadHydrated: number } }).__bench;
      return (record?.hydrated ?? 0) > 0 && (record?.uploadHydrated ?? 0) > 0;
    },
    undefined,
    { timeout: GIVE_UP_MS, polling: 100 },
  );
  const recorded = (await page.evaluate(READ_RECORD)) as Recorded;
  await cdp.detach();
  const delays = recorded.clicks.map(([sent, handled]) => handled - sent);
  const opener = recorded.clicks[Math.min(clicks, recorded.clicks.length) - 1];
  if (!opener) throw new Error(`no click was recorded on ${url}`);
  const blocking = recorded.tasks
    .filter(
      ([start]) =>
        start >= recorded.firstPaint && start <= Math.max(recorded.hydrated, recorded.uploadHydrated),
    )
    .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  return {
    firstPaint: recorded.firstPaint,
    chooserWorks: opener[1],
    firstClickDelay: delays[0] ?? 0,
    worstClickDelay: Math.max(...delays),
    uploadHydrated: recorded.uploadHydrated,
    hydrated: recorded.hydrated,
    blocking,
  };
}

const root = args.root ? resolve(args.root) : undefined;
const server = await startServer({}, root);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_FLAGS,
});
console.log(
  `first input on a 390×844 phone, CPU ${CPU_SLOWDOWN}× slower, ${RUNS} runs per page; site of ${root ?? 'this tree'}; load ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
const rows: string[][] = [];
try {
  for (const path of PAGES) {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      });
      await context.addInitScript({ content: RECORDER });
      try {
        runs.push(await measure(await context.newPage(), new URL(path, server.baseUrl).href));
      } finally {
        await context.close();
      }
    }
    const of = (key: keyof Run) => `${median(runs.map((run) => run[key])).toFixed(0)} ms`;
    rows.push([
      path,
      of('firstPaint'),
      of('chooserWorks'),
      of('firstClickDelay'),
      of('worstClickDelay'),
      of('uploadHydrated'),
      of('hydrated'),
      of('blocking'),
    ]);
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(
  formatTable([
    [
      'page',
      'first paint',
      'chooser works',
      'first click delay',
      'worst click delay',
      'upload hydrated',
      'hydrated',
      'blocking',
    ],
    ...rows,
  ]),
);
console.log(
  `load at the end ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
