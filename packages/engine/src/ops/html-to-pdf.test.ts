import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AppError,
  AUTO_MARGINS,
  MAX_HTML_PAGES,
  MAX_HTML_ZIP_ENTRIES,
  type ToolOptions,
} from '@quire/shared';
import { createZip, zipBomb, zipWithManyEntries } from '@quire/test-kit/hostile-html';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inputFile, qpdfPageCount, useJobContext } from '../../test/job-context.ts';
import { htmlToPdf } from './html-to-pdf.ts';

const ctx = useJobContext(60_000);
const DEFAULTS: ToolOptions<'html-to-pdf'> = { pageSize: 'a4', landscape: 'false', margins: AUTO_MARGINS };
const write = (name: string, bytes: Uint8Array | string) => {
  const path = join(ctx.workDir, name);
  writeFileSync(path, bytes);
  return path;
};
const convert = (path: string, options: Partial<ToolOptions<'html-to-pdf'>> = {}) =>
  htmlToPdf({ file: inputFile(path), options: { ...DEFAULTS, ...options } }, ctx);
const text = (pdf: string) => execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
/** Each page's size in points, as pdfinfo rounds it. */
const pageSize = (pdf: string) => {
  const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
  const [, width, height] = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info) ?? [];
  return [Math.round(Number(width)), Math.round(Number(height))];
};
/** Where a word starts on page 1, in points from the top-left corner (`pdftotext -bbox`). */
const wordAt = (pdf: string, word: string) => {
  const boxes = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', pdf, '-'], { encoding: 'utf8' });
  const match = new RegExp(`xMin="(-?[\\d.]+)" yMin="(-?[\\d.]+)"[^>]*>${word}<`).exec(boxes);
  return match ? { x: Number(match[1]), y: Number(match[2]) } : null;
};
const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

/**
 * Each conversion starts a sandboxed Chromium (about 1.5 s of one core): what one conversion proves is proved once.
 * That nothing leaves the job (a canary on 127.0.0.2) and the hostile zips through the server are hardening rows
 * (`server/test/hardening/h-html.test.ts`).
 */
describe('htmlToPdf', () => {
  it('prints one HTML file on A4 with 1 cm margins, its headings as bookmarks and its scripts run', async () => {
    const page = `<!doctype html><meta charset="utf-8"><title>t</title>
<h1>Quire heading</h1><p>Größe 日本語 <span id="s"></span></p><h2>Second part</h2>
<script>document.getElementById('s').textContent = 'scripted';</script>`;
    const result = await convert(write('page.html', page));
    expect(result.report.values).toEqual({ pageCount: 1 });
    expect(qpdfPageCount(result.path)).toBe(1);
    // Chromium's A4 is 8.27 × 11.7 in (595.4 × 842.4 pt).
    expect(pageSize(result.path)).toEqual([596, 843]);
    const words = text(result.path);
    for (const word of ['Quire heading', 'Größe', '日本語', 'scripted', 'Second part'])
      expect(words).toContain(word);
    // 10 mm is 28.3 pt (Chromium draws it as 37 px, 27.75 pt); the body's own 8 px margin (6 pt) comes on top.
    expect(wordAt(result.path, 'Quire')?.x).toBeCloseTo(27.75 + 6, 1);
    const outline = execFileSync('qpdf', ['--json', '--json-key=outlines', result.path], {
      encoding: 'utf8',
    });
    expect(outline).toContain('Quire heading');
  });

  it("prints a zipped folder's index.html with its styles, picture, font and script, on Letter turned sideways", async () => {
    const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#4f46e5' } })
      .png()
      .toBuffer();
    const font = readFileSync('/usr/share/fonts/truetype/liberation2/LiberationMono-Regular.ttf');
    const zip = createZip({
      'site/index.html': `<!doctype html><link rel="stylesheet" href="css/Style.css">
<h1>Zipped page</h1><img src="img/dot.png"><p class="mono">monospaced</p><script src="js/app.js"></script>`,
      // Named in another case than the page asks for, as a site made on Windows may be.
      'site/css/style.css': `@font-face { font-family: Packed; src: url("../fonts/mono.ttf"); }
h1::after { content: " styled"; } .mono { font-family: Packed; }`,
      'site/img/dot.png': picture,
      'site/fonts/mono.ttf': font,
      'site/js/app.js': "document.body.append('from the script file');",
      '__MACOSX/site/._index.html': 'Finder data',
    });
    const result = await convert(write('site.zip', zip), { pageSize: 'letter', landscape: 'true' });
    expect(pageSize(result.path)).toEqual([792, 612]);
    const words = text(result.path);
    for (const word of ['Zipped page styled', 'monospaced', 'from the script file'])
      expect(words).toContain(word);
    expect(execFileSync('pdfimages', ['-list', result.path], { encoding: 'utf8' })).toMatch(
      /\n\s*1\s+0\s+image\s+40\s+30/,
    );
    expect(execFileSync('pdffonts', [result.path], { encoding: 'utf8' })).toContain('LiberationMono');
  });

  it("gives margins asked for in points over the page's own @page margins, and follows those on auto", async () => {
    const page = '<style>@page { margin: 0 } body { margin: 0 }</style><p>Edge</p>';
    const path = write('margins.html', page);
    const auto = await convert(path);
    expect(wordAt(auto.path, 'Edge')?.x).toBeLessThan(2);
    const asked = await convert(path, {
      margins: { top: 72, right: 36, bottom: 72, left: 36 },
      pageSize: 'a5',
    });
    expect(pageSize(asked.path)).toEqual([420, 596]);
    expect(wordAt(asked.path, 'Edge')?.x).toBeCloseTo(36, 0);
    // The line's top, a little above its glyphs' box.
    expect(wordAt(asked.path, 'Edge')?.y).toBeGreaterThan(70);
  });

  it('prints a page that keeps growing as it stands once loaded', async () => {
    const growing = `<p>start</p><script>
setInterval(() => { for (let i = 0; i < 50; i += 1) document.body.append(document.createElement('p')); }, 5);
</script>`;
    const grown = await convert(write('growing.html', growing));
    expect(grown.report.values.pageCount).toBeGreaterThanOrEqual(1);
    expect(grown.report.values.pageCount).toBeLessThanOrEqual(MAX_HTML_PAGES);
  });

  it('stops a page whose script never ends with HTML_LOAD_TIMEOUT, within the time it has', async () => {
    const short = { ...ctx, timeoutMs: 6_000 };
    const started = performance.now();
    const error = await refusal(
      htmlToPdf(
        { file: inputFile(write('loop.html', '<p>x</p><script>for (;;) {}</script>')), options: DEFAULTS },
        short,
      ),
    );
    expect(error.code).toBe('HTML_LOAD_TIMEOUT');
    expect(performance.now() - started).toBeLessThan(12_000);
  });

  it('refuses a zip without index.html, and zips past the limits, before any browser starts', async () => {
    const noIndex = await refusal(
      convert(write('no-index.zip', createZip({ 'a/page.html': '<p>x</p>', 'b.css': '' }))),
    );
    expect(noIndex.code).toBe('HTML_INDEX_MISSING');
    expect(noIndex.details).toMatchObject({ fileName: 'no-index.zip' });
    expect(
      (await refusal(convert(write('many.zip', zipWithManyEntries(MAX_HTML_ZIP_ENTRIES + 1))))).code,
    ).toBe('DOCUMENT_TOO_COMPLEX');
    expect((await refusal(convert(write('bomb.zip', zipBomb(60))))).code).toBe('DOCUMENT_TOO_COMPLEX');
    const zip = createZip({ 'index.html': '<p>x</p>' });
    // Its end record and part of its directory cut off, as an upload stopped short.
    const truncated = zip.subarray(0, zip.length - 40);
    expect((await refusal(convert(write('cut.zip', truncated)))).code).toBe('FILE_DAMAGED');
  });
});
