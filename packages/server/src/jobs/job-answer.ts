import { reportHeaders, resultFileName, resultMimeType, type JobReport, type ToolId } from '@quire/shared';

/** How a result is named and typed: after the visitor's first file, as the site names it; a one-page JPG is a JPG. */
export type ResultNaming = { readonly fileName: string; readonly mimeType: string };

/** What a job gives its client: the result, how to name and type it, its report and the headers made of it. */
export type JobAnswer = {
  result: { path: string };
  report: JobReport;
  headers: Record<string, string>;
  mimeType: string;
  fileName: string;
  /** Fields of the one log line of the job (never file names). */
  log: Record<string, unknown>;
};

/** Names a tool's result after its sources (`report.pdf` compressed is `report-compressed.pdf`). */
export function nameResult<T extends ToolId>(
  toolId: T,
  report: JobReport<T>,
  sourceNames: readonly string[],
): ResultNaming {
  const mimeType = resultMimeType(toolId, report);
  return { fileName: resultFileName(toolId, sourceNames, mimeType), mimeType };
}

/**
 * The answer of a tool's job, wherever it ran and whoever sends it (a tool request's own, a job of the job API, in
 * one process or a cluster): its file, named as it was named when the job ended, and its report's headers.
 */
export function answerOf<T extends ToolId>(
  toolId: T,
  result: { readonly path: string; readonly report: JobReport<T> },
  naming: ResultNaming,
  log: Record<string, unknown>,
): JobAnswer {
  return {
    result: { path: result.path },
    report: result.report,
    headers: reportHeaders(toolId, result.report),
    mimeType: naming.mimeType,
    fileName: naming.fileName,
    log: { tool: toolId, ...log },
  };
}
