import { join } from 'node:path';
import { JOB_TIMEOUT_MS, OCR_PAGE_TIMEOUT_MS, TOOLS } from '@quire/shared';
import { recognisePdf } from '../ocr/recognise-pdf.ts';
import { recognitionReport } from '../ocr/recognition-report.ts';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import { passwordNotices } from './password-notices.ts';
import { repairNotices } from './repair-notices.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import type { EngineOp } from './types.ts';

/**
 * What a job of this tool costs (`estimateWork`, from `npm run bench work-estimates`): Each page's content parsed,
 * and its scans drawn and read with OCR.
 */
const WORK_RATES: WorkRates = { ...NO_WORK, baseMs: 500, perPageMs: 3500, perContentMiBMs: 1500 };

/**
 * OCR PDF: the same PDF with an invisible, selectable and searchable text layer over each scanned page
 * (`recognisePdf`). The job's time grows with its pages: a minute, and `OCR_PAGE_TIMEOUT_MS` a page, within the
 * tool's own limit, which the op sets for its job (`setTimeLimit`). The report says which pages were read and with
 * what confidence, and how many scans could not be read (`PAGES_ARE_SCANS`, as PDF to Word says it): those stay
 * pictures without text.
 */
export const ocr: EngineOp<'ocr'> = async ({ file, options }, ctx) => {
  // A minute until the pages are counted, then the time of this document's own pages.
  ctx.setTimeLimit?.(JOB_TIMEOUT_MS);
  ctx.onProgress?.('reading');
  const info = await inspectPdf(file, 0, ctx, TOOLS.ocr.maxPages);
  await declarePdfWork(WORK_RATES, [info], ctx);
  const timeoutMs = Math.min(ctx.timeoutMs, JOB_TIMEOUT_MS + info.pageCount * OCR_PAGE_TIMEOUT_MS);
  ctx.setTimeLimit?.(timeoutMs);
  const outputPath = join(ctx.workDir, 'searchable.pdf');
  const recognition = await recognisePdf(file, info, options.language, outputPath, {
    ...ctx,
    timeoutMs,
  });
  return {
    path: outputPath,
    report: {
      values: { pageCount: info.pageCount, ...recognitionReport(recognition.pages) },
      notices: [
        ...repairNotices(info.wasRepaired),
        ...(recognition.unreadPages.length > 0
          ? [{ code: 'PAGES_ARE_SCANS' as const, fileIndex: 0, pages: recognition.unreadPages.length }]
          : []),
        // Written from a decrypted copy: a protected file's result has no password.
        ...passwordNotices([info]),
      ],
    },
  };
};
