import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { afterAll, describe, expect, it } from 'vitest';
import { inputFile, useJobContext } from '../../test/job-context.ts';
import { placedWords, readPptx, wordOffsets } from '../../test/pptx-slides.ts';
import { stopWarmOffice } from '../libreoffice/warm-office.ts';
import { pdfToPowerpoint } from './pdf-to-powerpoint.ts';
import { powerpointToPdf } from './powerpoint-to-pdf.ts';

const ctx = useJobContext(120_000);
afterAll(stopWarmOffice);

describe('explore', () => {
  it('converts', async () => {
    const source = join(ctx.workDir, 'cut.pdf');
    execFileSync('qpdf', [
      '--empty',
      '--pages',
      corpusPath(process.env.F ?? 'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf'),
      process.env.P ?? '1,8',
      '--',
      source,
    ]);
    const t0 = Date.now();
    const result = await pdfToPowerpoint(
      { file: inputFile(source), options: { pages: undefined, language: 'auto' } },
      ctx,
    );
    console.log('ms', Date.now() - t0, result.report);
    execFileSync('cp', [result.path, '/tmp/ppt/out.pptx']);
    const pptx = await readPptx(result.path);
    console.log(
      pptx.size,
      pptx.slides.map((s) => [s.pictures, s.textBoxes, s.text.slice(0, 200)]),
    );
    const back = await powerpointToPdf({ file: inputFile(result.path), options: {} }, ctx);
    execFileSync('cp', [back.path, '/tmp/ppt/back.pdf']);
    const a = placedWords(source);
    const b = placedWords(back.path);
    for (const [i, page] of a.entries()) {
      const offsets = wordOffsets(page, b[i] ?? []).sort((x, y) => x - y);
      console.log(
        'page',
        i,
        page.length,
        (b[i] ?? []).length,
        offsets.length,
        offsets[Math.floor(offsets.length / 2)],
        offsets[Math.floor(offsets.length * 0.9)],
      );
    }
    expect(pptx.slides.length).toBeGreaterThan(0);
  }, 300_000);
});
