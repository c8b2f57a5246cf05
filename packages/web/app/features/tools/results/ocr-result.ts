import { jobReportOf, type JobView, type Notice } from '@quire/shared';

/**
 * What text recognition read (OCR, PDF to Word, PDF to PowerPoint, PDF to text, PDF to Excel), from a done job's view;
 * null for any other job.
 */
export function readOcrResult(
  job: JobView,
): { count: number; pages: string; confidence: number | null } | null {
  const report =
    jobReportOf(job, 'ocr') ??
    jobReportOf(job, 'pdf-to-word') ??
    jobReportOf(job, 'pdf-to-powerpoint') ??
    jobReportOf(job, 'pdf-to-text') ??
    jobReportOf(job, 'pdf-to-excel');
  if (!report) return null;
  return { count: report.recognisedCount, pages: report.recognisedPages, confidence: report.confidence };
}

/**
 * The notice that scanned pages held no text that could be read (`PAGES_ARE_SCANS`: they stay pictures without
 * text), when the job gives one.
 */
export function unreadScansOf(job: JobView): Notice | undefined {
  return job.notices.find((notice) => notice.code === 'PAGES_ARE_SCANS');
}

/** The notice that pages gave no text, none read in them either (`NO_TEXT_FOUND`, PDF to text), when the job gives one. */
export function pagesWithoutTextOf(job: JobView): Notice | undefined {
  return job.notices.find((notice) => notice.code === 'NO_TEXT_FOUND');
}
