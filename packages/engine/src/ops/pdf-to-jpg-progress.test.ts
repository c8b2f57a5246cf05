import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { WorkStage } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { createNoiseTiledPdf } from '@quire/test-kit/costly-pdfs';
import { inputFile, useJobContext } from '../../test/job-context.ts';
import { pdfToJpg } from './pdf-to-jpg.ts';

const ctx = useJobContext(120_000);

describe('PDF to JPG progress (issue 30, item 6)', () => {
  it('counts each page as it is drawn, though one renderer draws the whole document', async () => {
    // Three pages of noise at 300 DPI: one renderer (a batch is at least four pages), a large JPEG a page.
    const path = join(ctx.workDir, 'noise.pdf');
    await writeFile(path, createNoiseTiledPdf(3));
    const reports: { stage: WorkStage; done: number | null }[] = [];
    await pdfToJpg(
      { file: inputFile(path), options: { quality: 'high' } },
      { ...ctx, onProgress: (stage, pages) => reports.push({ stage, done: pages?.done ?? null }) },
    );
    const counts = reports.filter((report) => report.stage === 'processing').map((report) => report.done);
    // Every page told on its own while the renderer ran (it used to be 0, then 3 once the renderer exited).
    expect(counts).toEqual([0, 1, 2, 3]);
    expect(reports.at(-1)).toEqual({ stage: 'writing', done: null });
  });
});
