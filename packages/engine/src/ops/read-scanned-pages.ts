import { join } from 'node:path';
import type { OcrLanguage } from '@quire/shared';
import type { PageSurvey } from '../ocr/find-scanned-pages.ts';
import { readScans } from '../ocr/read-scans.ts';
import type { RecognisedScan } from '../pdf-to-word/convert-document.ts';
import type { PdfInfo } from '../qpdf/inspect-pdf.ts';
import { prepareRenderSource } from '../render/prepare-render-source.ts';
import type { InputFile, JobContext } from './types.ts';
import { removeTree } from '../process/remove-tree.ts';

/**
 * Reads the scanned pages (`readScans`, for layout: words, lines, pictures, rules) from a decrypted copy; none when
 * there is no scan. Progress counts the pages done of the `total` converted: the others, then each scan once read.
 * PDF to Word and PDF to PowerPoint read their scans so.
 */
export async function readScannedPages(
  file: InputFile,
  info: PdfInfo,
  scanned: readonly PageSurvey[],
  languages: readonly OcrLanguage[] | 'auto',
  total: number,
  ctx: JobContext,
): Promise<Map<number, RecognisedScan>> {
  if (scanned.length === 0) return new Map();
  const deadline = Date.now() + ctx.timeoutMs;
  const sourcePath = await prepareRenderSource(file, 0, info, ctx);
  const workDir = join(ctx.workDir, 'ocr');
  try {
    const { results } = await readScans(sourcePath, file, scanned, languages, {
      wants: 'layout',
      workDir,
      signal: ctx.signal,
      timeLeft: () => deadline - Date.now(),
      onPage: (done) =>
        ctx.onProgress?.('processing', {
          done: total - scanned.length + done,
          total,
        }),
    });
    return results;
  } finally {
    await removeTree(workDir);
  }
}
