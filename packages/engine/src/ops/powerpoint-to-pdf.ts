import { join } from 'node:path';
import { convertOfficeToPdf } from '../libreoffice/convert-office-to-pdf.ts';
import { declareFileWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import type { EngineOp } from './types.ts';

/**
 * What a job of this tool costs (`estimateWork`), as Word and Excel to PDF: LibreOffice lays the slides out, so
 * their pages are unknown before and the file's bytes count.
 */
const WORK_RATES: WorkRates = { ...NO_WORK, baseMs: 1500, perInputMiBMs: 4000 };

/**
 * Converts a presentation (.pptx, .ppt, .ppsx or .odp, told apart by its bytes) to PDF, one page per slide, with
 * the warm, locked-down LibreOffice of the Office lane (`../libreoffice/`): no macro runs, no linked picture, video
 * or object is fetched. Hidden slides are left out, as a slide show leaves them out. Password-protected
 * presentations are refused with `PASSWORD_REQUIRED`: the tool has no password field.
 */
export const powerpointToPdf: EngineOp<'powerpoint-to-pdf'> = async ({ file }, ctx) => {
  await declareFileWork(WORK_RATES, [file], ctx);
  ctx.onProgress?.('processing');
  const outputPath = join(ctx.workDir, 'converted.pdf');
  await convertOfficeToPdf(file, outputPath, { tool: 'powerpoint-to-pdf', family: 'presentation' }, ctx);
  return { path: outputPath, report: { values: {}, notices: [] } };
};
