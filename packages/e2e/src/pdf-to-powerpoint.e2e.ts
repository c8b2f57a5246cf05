import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { bindScans, scanImage } from '@quire/test-kit/scanned-pdfs';
import { waitForJobResult } from './job-requests.ts';
import { expectedMessage } from './page-head.ts';
import { openToolPageIn, runAndDownload, unlockAndDownload, useToolPage } from './tool-page.ts';
import { downloadResult } from './download-result.ts';

const view = useToolPage('pdf-to-powerpoint');
const scratch: string[] = [];
afterAll(() => Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true }))));

const PAPER = 'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf';
const PROTECTED = 'pdf/pysamples_encrypted_user-openpassword.pdf';
const pptxName = (chosen: readonly string[]) => `${(chosen[0] ?? '').replace(/\.pdf$/, '')}.pptx`;

/** The slides of a .pptx in order, as XML, and its pictures. */
async function readSlides(path: string): Promise<{ slides: string[]; media: string[] }> {
  const entries = unzipSync(await readFile(path));
  const slideNumber = (name: string) => Number(/slide(\d+)\.xml$/.exec(name)?.[1]);
  const slides = Object.keys(entries)
    .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
    .sort((a, b) => slideNumber(a) - slideNumber(b))
    .map((name) => strFromU8(entries[name] as Uint8Array));
  return { slides, media: Object.keys(entries).filter((name) => name.startsWith('ppt/media/')) };
}

describe('the PDF to PowerPoint page in a real browser', () => {
  it('converts the pages listed to a .pptx named after the PDF, a slide each with its lines in text boxes', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(PAPER)]);
    await view.page.getByTestId('pdf-to-powerpoint-pages').fill('1, 3');
    const saved = await runAndDownload(
      view,
      { description: 'PDF converted to PowerPoint successfully!', fileName: pptxName },
      'paper.pptx',
    );
    const { slides } = await readSlides(saved);
    expect(slides).toHaveLength(2);
    expect(slides[0]).toContain('<a:t>Trace-based Just-in-Time Type Specialization for Dynamic</a:t>');
    // A comment of page 3's LIR listing, which page 2 does not have.
    expect(slides[1]).toContain('load primes from the trace activation record');
    expect(slides[0]?.match(/txBox="1"/g)?.length ?? 0).toBeGreaterThan(50);
  });

  it('reads a scanned page in the languages ticked for the page, and says what it read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quire-slides-scan-e2e-'));
    scratch.push(dir);
    // The paper's title, authors and abstract, scanned: a band across the top of page 1.
    const source = {
      path: corpusPath(PAPER),
      page: 1,
      language: 'en',
      area: { x: 0, y: 60, width: 612, height: 250 },
    };
    const scan = bindScans([await scanImage(source, 'clean', join(dir, 'page'))], join(dir, 'scan.pdf'));
    await openToolPageIn(view.page, 'de', 'pdf-to-powerpoint');
    const languages = view.page.getByTestId('pdf-to-powerpoint-language');
    expect(await languages.getByRole('checkbox', { checked: true }).count()).toBe(2);
    await view.page.locator('input[type=file]').setInputFiles([scan]);
    const [response] = await Promise.all([
      waitForJobResult(view.page),
      view.page.getByTestId('action-button').click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['x-pages-recognised']).toBe('1');
    expect(await view.page.getByTestId('recognised-pages').textContent()).toBe('1 Seite');
    expect(await view.page.getByTestId('toast-description').textContent()).toBe(
      (await expectedMessage('de', 'tools.pdf-to-powerpoint.successRecognised')).text,
    );
    const download = await downloadResult(view.page);
    const saved = join(view.downloadsPath, 'scan.pptx');
    await download.saveAs(saved);
    const { slides, media } = await readSlides(saved);
    expect(slides).toHaveLength(1);
    expect(slides[0]).toContain('Trace-based');
    expect(media).toEqual([]);
  });

  it('asks for the password of a protected file and converts it', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(PROTECTED)]);
    const { saved } = await unlockAndDownload(view, PROTECTED, 'protected.pptx');
    const { slides } = await readSlides(saved);
    expect(slides.length).toBeGreaterThan(0);
    expect(slides.join('').match(/txBox="1"/g)?.length ?? 0).toBeGreaterThan(0);
  });
});
