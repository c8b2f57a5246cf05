// npm run bench thumbnails [-- --runs 3]: which renderer draws the page view's thumbnails, pdf.js or MuPDF.js
// (WebAssembly), each run whole in a Web Worker of this machine's Chromium, as the site would. Per renderer, the
// median of the runs (each in a fresh browser context, so nothing is cached) of:
//   first 12         from handing the worker a 50-page file's bytes to its first 12 thumbnails drawn (the worker
//                    started, its code and WebAssembly fetched and compiled, the document opened)
//   pages/s          thumbnails drawn a second over every page of a 500-page file, one after another
//   renderer RSS     the tab's renderer process (page and workers: Chromium runs dedicated workers there) after
//                    the 500 pages, less before the worker started
//   wasm memory      MuPDF's WebAssembly memory after the 500 pages (pdf.js draws with JavaScript and canvas)
//   fetched          the code and WebAssembly the worker fetched, as served and brotli-compressed
// The documents are built from corpus files with qpdf; thumbnails are 240 pixels on their longest side.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync } from 'node:zlib';
import { corpusPath } from '@quire/corpus';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@quire/test-kit/browser';
import { formatTable, median } from './measure.ts';
import { descendants } from './proc-stats.ts';

const { values: args } = parseArgs({
  args: process.argv.slice(3),
  options: { runs: { type: 'string', default: '3' }, only: { type: 'string' } },
});
const RUNS = Number(args.runs);
const THUMBNAIL_PX = 240;
const FIRST_THUMBNAILS = 12;
const ROOT = resolve(import.meta.dirname, '..');
const SOURCE_117_PAGES = corpusPath('pdf/pysamples_geotopo-lecture-notes_117p.pdf');
const SOURCE_352_PAGES = corpusPath('pdf/pdfjs_freeculture-book_352p.pdf');

const work = mkdtempSync(join(tmpdir(), 'quire-thumbnails-bench-'));
const FIFTY_PAGES = join(work, '50p.pdf');
const FIVE_HUNDRED_PAGES = join(work, '500p.pdf');
execFileSync('qpdf', ['--empty', '--pages', SOURCE_117_PAGES, '1-50', '--', FIFTY_PAGES]);
execFileSync('qpdf', [
  '--empty',
  '--pages',
  SOURCE_352_PAGES,
  SOURCE_117_PAGES,
  SOURCE_117_PAGES,
  '1-31',
  '--',
  FIVE_HUNDRED_PAGES,
]);

/** What each renderer's worker does: open the bytes it is sent, then draw the pages asked for, in order. */
const PDFJS_WORKER = `
import * as pdfjs from '/pdfjs/pdf.min.mjs';
pdfjs.GlobalWorkerOptions.workerSrc = '/pdfjs/pdf.worker.min.mjs';
class CanvasFactory {
  create(width, height) {
    const canvas = new OffscreenCanvas(width, height);
    return { canvas, context: canvas.getContext('2d') };
  }
  reset(entry, width, height) { entry.canvas.width = width; entry.canvas.height = height; }
  destroy(entry) { entry.canvas.width = 0; entry.canvas.height = 0; entry.canvas = null; entry.context = null; }
}
class FilterFactory {
  addFilter() { return 'none'; }
  addHCMFilter() { return 'none'; }
  addAlphaFilter() { return 'none'; }
  addLuminosityFilter() { return 'none'; }
  addHighlightHCMFilter() { return 'none'; }
  destroy() {}
}
const ownerDocument = { fonts: self.fonts, createElement() { throw new Error('no DOM in a worker'); } };
let doc;
const queue = [];
let busy = false;
async function drain() {
  if (busy) return;
  busy = true;
  while (queue.length > 0) {
    const number = queue.shift();
    const page = await doc.getPage(number);
    const natural = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: ${THUMBNAIL_PX} / Math.max(natural.width, natural.height) });
    const canvas = new OffscreenCanvas(Math.round(viewport.width), Math.round(viewport.height));
    await page.render({ canvas: null, canvasContext: canvas.getContext('2d'), viewport }).promise;
    page.cleanup();
    const bitmap = canvas.transferToImageBitmap();
    postMessage({ type: 'drawn', page: number, bitmap }, [bitmap]);
  }
  busy = false;
}
onmessage = async ({ data }) => {
  if (data.type === 'open') {
    doc = await pdfjs.getDocument({ data: data.bytes, isEvalSupported: false, enableXfa: false, ownerDocument,
      CanvasFactory, FilterFactory }).promise;
    postMessage({ type: 'opened', pages: doc.numPages });
  } else if (data.type === 'render') {
    queue.push(...data.pages);
    void drain();
  } else if (data.type === 'memory') {
    postMessage({ type: 'memory', wasmBytes: 0 });
  }
};
`;

const MUPDF_WORKER = `
globalThis.$libmupdf_wasm_Module = {};
// Messages that arrive while the WebAssembly compiles wait for it.
const loading = import('/mupdf/mupdf.js');
let mupdf;
let doc;
function draw(number) {
  const page = doc.loadPage(number - 1);
  const [x0, y0, x1, y1] = page.getBounds();
  const scale = ${THUMBNAIL_PX} / Math.max(x1 - x0, y1 - y0);
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const stride = pixmap.getStride();
  const rgb = pixmap.getPixels();
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const from = y * stride + x * 3;
      const to = (y * width + x) * 4;
      rgba[to] = rgb[from]; rgba[to + 1] = rgb[from + 1]; rgba[to + 2] = rgb[from + 2]; rgba[to + 3] = 255;
    }
  }
  pixmap.destroy();
  page.destroy();
  return createImageBitmap(new ImageData(rgba, width, height));
}
onmessage = async ({ data }) => {
  mupdf ??= await loading;
  if (data.type === 'open') {
    doc = mupdf.Document.openDocument(data.bytes, 'application/pdf');
    postMessage({ type: 'opened', pages: doc.countPages() });
  } else if (data.type === 'render') {
    for (const number of data.pages) {
      const bitmap = await draw(number);
      postMessage({ type: 'drawn', page: number, bitmap }, [bitmap]);
    }
  } else if (data.type === 'memory') {
    const module = globalThis.$libmupdf_wasm_Module;
    postMessage({ type: 'memory', wasmBytes: module.HEAPU8?.length ?? module.wasmMemory?.buffer.byteLength ?? -1 });
  }
};
`;

/** The page's side: starts the worker, hands it a document and times the pages it draws. */
const PAGE_SCRIPT = `
window.runThumbnails = async (workerUrl, documentUrl, pages) => {
  const bytes = new Uint8Array(await (await fetch(documentUrl)).arrayBuffer());
  const started = performance.now();
  const worker = new Worker(workerUrl, { type: 'module' });
  window.benchWorker = worker;
  const drawn = [];
  const done = new Promise((resolve, reject) => {
    worker.onerror = (event) => reject(new Error(event.message));
    worker.onmessage = ({ data }) => {
      if (data.type === 'opened') worker.postMessage({ type: 'render', pages: Array.from({ length: Math.min(pages, data.pages) }, (_, i) => i + 1) });
      if (data.type === 'drawn') {
        data.bitmap.close();
        drawn.push(performance.now() - started);
        if (drawn.length === pages) resolve();
      }
    };
  });
  worker.postMessage({ type: 'open', bytes }, [bytes.buffer]);
  await done;
  return drawn;
};
window.workerMemory = () => new Promise((resolve) => {
  window.benchWorker.onmessage = ({ data }) => data.type === 'memory' && resolve(data.wasmBytes);
  window.benchWorker.postMessage({ type: 'memory' });
});
`;

type Renderer = 'pdf.js' | 'MuPDF.js';
const WORKERS: Record<Renderer, string> = { 'pdf.js': PDFJS_WORKER, 'MuPDF.js': MUPDF_WORKER };
const CODE_DIRS: Record<string, string> = {
  '/pdfjs/': join(ROOT, 'node_modules/pdfjs-dist/build/'),
  '/mupdf/': join(ROOT, 'node_modules/mupdf/dist/'),
};
const DOCUMENTS: Record<string, string> = { '/50p.pdf': FIFTY_PAGES, '/500p.pdf': FIVE_HUNDRED_PAGES };

/** Bytes of code and WebAssembly served (raw, brotli), counted per run. */
const served = { raw: 0, brotli: 0 };
/** Each file's size compressed, measured before any run (MuPDF ships its own brotli copies). */
const brotliSizes = new Map<string, number>();
for (const dir of Object.values(CODE_DIRS)) {
  for (const name of readdirSync(dir).filter((file) => /\.(m?js|wasm)$/.test(file))) {
    const path = join(dir, name);
    const shipped = `${path}.br`;
    brotliSizes.set(
      path,
      existsSync(shipped) ? statSync(shipped).size : brotliCompressSync(readFileSync(path)).length,
    );
  }
}
const server = createServer((request, response) => {
  const url = request.url ?? '/';
  const send = (type: string, body: Buffer | string) => {
    response.writeHead(200, { 'content-type': type });
    response.end(body);
  };
  if (url === '/') return send('text/html', `<!doctype html><script>${PAGE_SCRIPT}</script>`);
  if (url === '/pdfjs-worker.mjs') return send('text/javascript', WORKERS['pdf.js']);
  if (url === '/mupdf-worker.mjs') return send('text/javascript', WORKERS['MuPDF.js']);
  const document = DOCUMENTS[url];
  if (document) return send('application/pdf', readFileSync(document));
  const prefix = Object.keys(CODE_DIRS).find((dir) => url.startsWith(dir));
  if (prefix) {
    const path = join(CODE_DIRS[prefix] ?? '', url.slice(prefix.length));
    const body = readFileSync(path);
    served.raw += body.length;
    served.brotli += brotliSizes.get(path) ?? 0;
    return send(path.endsWith('.wasm') ? 'application/wasm' : 'text/javascript', body);
  }
  response.writeHead(404).end();
});
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const address = server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

/** Resident memory of the browser's renderer processes, in bytes. */
function rendererRssBytes(): number {
  let total = 0;
  for (const pid of descendants(process.pid)) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      total += Number(match?.[1] ?? 0) * 1024;
    } catch {
      // The process ended while it was read.
    }
  }
  return total;
}

type Run = {
  first12Ms: number;
  pagesPerSecond: number;
  rssBytes: number;
  wasmBytes: number;
  fetched: number[];
};

async function runOnce(page: Page, renderer: Renderer): Promise<Run> {
  const workerUrl = renderer === 'pdf.js' ? '/pdfjs-worker.mjs' : '/mupdf-worker.mjs';
  served.raw = 0;
  served.brotli = 0;
  const first = await page.evaluate(
    ([url, pages]) =>
      (globalThis as unknown as Record<string, (...args: unknown[]) => Promise<number[]>>).runThumbnails?.(
        url,
        '/50p.pdf',
        pages,
      ) ?? Promise.resolve([]),
    [workerUrl, FIRST_THUMBNAILS] as const,
  );
  const fetched = [served.raw, served.brotli];
  await page.reload();
  const before = rendererRssBytes();
  const all = await page.evaluate(
    ([url]) =>
      (globalThis as unknown as Record<string, (...args: unknown[]) => Promise<number[]>>).runThumbnails?.(
        url,
        '/500p.pdf',
        500,
      ) ?? Promise.resolve([]),
    [workerUrl] as const,
  );
  const rssBytes = rendererRssBytes() - before;
  const wasmBytes = await page.evaluate(
    () =>
      (globalThis as unknown as Record<string, () => Promise<number>>).workerMemory?.() ?? Promise.resolve(0),
  );
  const lastMs = all.at(-1) ?? 0;
  const firstMs = all[0] ?? 0;
  return {
    first12Ms: first.at(-1) ?? 0,
    pagesPerSecond: (all.length - 1) / ((lastMs - firstMs) / 1000),
    rssBytes,
    wasmBytes,
    fetched,
  };
}

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_FLAGS,
});
const rows = [
  [
    'renderer',
    'first 12 (ms)',
    'pages/s (500 p)',
    'renderer RSS (MB)',
    'wasm memory (MB)',
    'fetched raw / br (MB)',
  ],
];
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
try {
  for (const renderer of (['pdf.js', 'MuPDF.js'] as const).filter(
    (name) => !args.only || name === args.only,
  )) {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(renderer, error.message));
      await page.goto(origin);
      runs.push(await runOnce(page, renderer));
      await context.close();
      console.error(renderer, 'run', run + 1, JSON.stringify(runs.at(-1)));
    }
    rows.push([
      renderer,
      median(runs.map((run) => run.first12Ms)).toFixed(0),
      median(runs.map((run) => run.pagesPerSecond)).toFixed(1),
      mb(median(runs.map((run) => run.rssBytes))),
      renderer === 'pdf.js' ? '-' : mb(median(runs.map((run) => run.wasmBytes))),
      `${mb(runs[0]?.fetched[0] ?? 0)} / ${mb(runs[0]?.fetched[1] ?? 0)}`,
    ]);
  }
  console.log(formatTable(rows));
  console.log(
    `documents: 50 pages (${statSync(FIFTY_PAGES).size} bytes), 500 pages (${statSync(FIVE_HUNDRED_PAGES).size} bytes)`,
  );
} finally {
  await browser.close();
  server.close();
  rmSync(work, { recursive: true, force: true });
}
