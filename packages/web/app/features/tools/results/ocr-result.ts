import { jobReportOf, type JobView, type Notice } from '@quire/shared';

/** What text recognition read (OCR, PDF to Word), from a done job's view; null for any other job. */
export function readOcrResult(
  job: JobView,
): { count: number; pages: string; confidence: number | null } | null {
  const report = jobReportOf(job, 'ocr') ?? jobReportOf(job, 'pdf-to-word');
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
