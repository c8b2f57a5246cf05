import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TOOLS } from '@quire/shared';
import { editPdf } from '../mupdf/edit-pdf.ts';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import { guessCjkLanguage } from '../stamp/stamp-fonts.ts';
import { stampTexts, type StampAnchor } from '../stamp/stamp-text.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import { chosenPages } from './chosen-pages.ts';
import { passwordNotices } from './password-notices.ts';
import { repairNotices } from './repair-notices.ts';
import type { EngineOp } from './types.ts';

/**
 * What a job of this tool costs (`estimateWork`): the fonts loaded and the numbers laid out once, then each page's
 * resources and contents touched and the file rewritten by MuPDF (measured with `npm run bench page-numbers`: 352
 * pages in 1.7 s, 14 in 0.16 s).
 */
const WORK_RATES: WorkRates = { ...NO_WORK, baseMs: 300, perPageMs: 4, perInputMiBMs: 40 };
/** Loading a face of Noto Sans CJK (16 MB) and cutting it down: about 1.6 s more in the same bench. */
const CJK_FONT_MS = 1600;

/**
 * Writes a number on pages of a PDF, upright as each page is seen, at one of six places (top or foot; left, centre
 * or right): the `format` with `{n}` the page's number and `{total}` the last page's, in any script (the stamping
 * module shapes Arabic and has CJK fonts). Page 1 is numbered `start`, and the count runs over every page, numbered
 * or not: `pages` only chooses which carry theirs. The rest of the document is kept as it was.
 */
export const pageNumbers: EngineOp<'page-numbers'> = async ({ file, options }, ctx) => {
  ctx.onProgress?.('reading');
  const info = await inspectPdf(file, 0, ctx, TOOLS['page-numbers'].maxPages);
  const hasCjk = guessCjkLanguage(options.format) !== undefined;
  await declarePdfWork(
    hasCjk ? { ...WORK_RATES, baseMs: WORK_RATES.baseMs + CJK_FONT_MS } : WORK_RATES,
    [info],
    ctx,
  );
  const pages = chosenPages(options.pages, info.pageCount);
  const lastNumber = options.start + info.pageCount - 1;
  const texts = new Map(
    pages.map((page) => [
      page - 1,
      options.format
        .replaceAll('{n}', String(options.start + page - 1))
        .replaceAll('{total}', String(lastNumber)),
    ]),
  );

  ctx.onProgress?.('processing');
  const [vertical, horizontal] = options.position.split('-') as [
    StampAnchor['vertical'],
    StampAnchor['horizontal'],
  ];
  const bytes = await editPdf(file, info, ctx, { failure: 'could not be numbered' }, (mupdf, pdf) =>
    stampTexts(
      mupdf,
      pdf,
      texts,
      {
        fontSizePt: options.fontSize,
        color: [0, 0, 0],
        anchor: { vertical, horizontal },
        marginPt: options.margin,
        rotationDeg: 0,
        opacity: 1,
        layer: 'over',
      },
      ctx.signal,
    ),
  );
  const outputPath = join(ctx.workDir, 'numbered.pdf');
  await writeFile(outputPath, bytes);
  return {
    path: outputPath,
    report: {
      values: { pageCount: info.pageCount, numberedPages: pages.length },
      // Written decrypted: a protected file's result has no password.
      notices: [...repairNotices(info.wasRepaired), ...passwordNotices([info])],
    },
  };
};
