import { join } from 'node:path';
import { AppError, TOOLS } from '@quire/shared';
import { hasOversizeMetadata } from '../mupdf/oversize-metadata.ts';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import { isQpdfSuccess, runQpdf } from '../qpdf/run-qpdf.ts';
import { formatPageList } from '../render/format-page-list.ts';
import { chosenPages } from './chosen-pages.ts';
import { passwordNotices } from './password-notices.ts';
import { repairNotices } from './repair-notices.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import type { EngineOp } from './types.ts';

/**
 * What a job of this tool costs (`estimateWork`, from `npm run bench work-estimates`): qpdf changes each page's
 * /Rotate without parsing its content.
 */
const WORK_RATES: WorkRates = { ...NO_WORK, perPageMs: 3, perInputMiBMs: 30 };

/**
 * Rotates pages clockwise by 90, 180 or 270 degrees, all of them or a page list. Lossless: only each page's
 * /Rotate changes, nothing is re-rendered or re-compressed; bookmarks, links, forms and text stay as they were.
 */
export const rotate: EngineOp<'rotate'> = async ({ file, options }, ctx) => {
  ctx.onProgress?.('reading');
  const info = await inspectPdf(file, 0, ctx, TOOLS.rotate.maxPages);
  await declarePdfWork(WORK_RATES, [info], ctx);
  const pages = pagesToRotate(options.pages, info.pageCount);

  const notRotated = () =>
    new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be rotated.`, {
      fileIndex: 0,
      fileName: file.name,
    });
  // qpdf writes the metadata uncompressed: metadata it cannot hold is refused before it spends seconds on it.
  if (await hasOversizeMetadata(info.path, info.password)) throw notRotated();

  ctx.onProgress?.('processing');
  const outputPath = join(ctx.workDir, 'rotated.pdf');
  const result = await runQpdf(
    [
      ...(info.password ? [`--password=${info.password}`] : []),
      '--decrypt',
      `--rotate=+${options.angle}:${pages.spec}`,
      info.path,
      outputPath,
    ],
    ctx,
  );
  if (!isQpdfSuccess(result)) throw notRotated();
  return {
    path: outputPath,
    report: {
      values: { rotatedPages: pages.count },
      // Written decrypted: a protected file's result has no password.
      notices: [...repairNotices(info.wasRepaired), ...passwordNotices([info])],
    },
  };
};

/**
 * The pages to turn in qpdf's range syntax (`1-3,7`), each page once whatever the overlaps, and how many; all when
 * absent.
 */
function pagesToRotate(list: string | undefined, pageCount: number): { spec: string; count: number } {
  if (list === undefined || list.trim() === '') return { spec: '1-z', count: pageCount };
  const pages = chosenPages(list, pageCount);
  return { spec: formatPageList(pages, ','), count: pages.length };
}
