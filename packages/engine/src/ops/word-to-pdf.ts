import { join } from 'node:path';
import { convertOfficeToPdf } from '../libreoffice/convert-office-to-pdf.ts';
import { declareFileWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import type { EngineOp } from './types.ts';

/**
 * What a job of this tool costs (`estimateWork`, from `npm run bench work-estimates`): LibreOffice lays out the
 * document: its pages are unknown before, so its bytes count.
 */
const WORK_RATES: WorkRates = { ...NO_WORK, baseMs: 1500, perInputMiBMs: 4000 };

/**
 * Converts a Word document (.docx or .doc, told apart by its bytes) to PDF with LibreOffice, kept running in
 * this worker between jobs and locked down (no macros, no links fetched, sandboxed; see `../libreoffice/`).
 * Password-protected documents are refused with `PASSWORD_REQUIRED`: the tool has no password field.
 */
export const wordToPdf: EngineOp<'word-to-pdf'> = async ({ file }, ctx) => {
  await declareFileWork(WORK_RATES, [file], ctx);
  ctx.onProgress?.('processing');
  const outputPath = join(ctx.workDir, 'converted.pdf');
  await convertOfficeToPdf(file, outputPath, { tool: 'word-to-pdf', family: 'word' }, ctx);
  return { path: outputPath, report: { values: {}, notices: [] } };
};
