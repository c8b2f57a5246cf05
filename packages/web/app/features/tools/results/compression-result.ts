import { jobReportOf, type JobView } from '@quire/shared';

/**
 * What compression achieved. `reduced` carries the saving in percent (one decimal); `unchanged` means nothing could
 * be saved and the server sent the original back.
 */
export type CompressionResult =
  | {
      readonly outcome: 'reduced';
      readonly originalBytes: number;
      readonly compressedBytes: number;
      readonly reductionPercent: number;
    }
  | { readonly outcome: 'unchanged'; readonly originalBytes: number; readonly compressedBytes: number };

/** The sizes a done compression job reports in its view (`result.report`); null for any other job, or no sizes. */
export function readCompressionResult(job: JobView): CompressionResult | null {
  const report = jobReportOf(job, 'compress');
  if (!report || !(report.originalBytes > 0) || !(report.outputBytes >= 0)) return null;
  const { originalBytes, outputBytes: compressedBytes } = report;
  const reductionPercent = Math.round((1 - compressedBytes / originalBytes) * 1000) / 10;
  return compressedBytes >= originalBytes || reductionPercent <= 0
    ? { outcome: 'unchanged', originalBytes, compressedBytes }
    : { outcome: 'reduced', originalBytes, compressedBytes, reductionPercent };
}
