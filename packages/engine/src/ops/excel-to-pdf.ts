import { join } from 'node:path';
import { convertOfficeToPdf } from '../libreoffice/convert-office-to-pdf.ts';
import { declareFileWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import type { EngineOp } from './types.ts';

/**
 * What a job of this tool costs (`estimateWork`): as Word to PDF, LibreOffice lays the sheets out, so their pages
 * are unknown before and the file's bytes count.
 */
const WORK_RATES: WorkRates = { ...NO_WORK, baseMs: 1500, perInputMiBMs: 4000 };

/**
 * Converts a spreadsheet (.xlsx, .xls, .ods or .csv, told apart by its bytes) to PDF with the warm, locked-down
 * LibreOffice of the Office lane (`../libreoffice/`). With `fitWidth` (the default) each sheet's columns are
 * scaled to one page across, its rows running on as many pages as they need; otherwise each sheet prints with
 * its own page settings. A CSV is read as UTF-8 with its separator detected (`../libreoffice/text-input.ts`).
 * Password-protected workbooks are refused with `PASSWORD_REQUIRED`: the tool has no password field.
 */
export const excelToPdf: EngineOp<'excel-to-pdf'> = async ({ file, options }, ctx) => {
  await declareFileWork(WORK_RATES, [file], ctx);
  ctx.onProgress?.('processing');
  const outputPath = join(ctx.workDir, 'converted.pdf');
  const fitWidth = options.fitWidth === 'true';
  await convertOfficeToPdf(file, outputPath, { tool: 'excel-to-pdf', family: 'spreadsheet', fitWidth }, ctx);
  return { path: outputPath, report: { values: {}, notices: [] } };
};
