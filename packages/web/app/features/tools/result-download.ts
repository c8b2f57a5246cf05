import { resultFileName, resultMimeTypes, type ToolDefinition } from '@quire/shared';

/** What the site knows of a result before offering it: its type as the server answered it, and its name. */
export type ResultDownload = { readonly mimeType: string; readonly fileName: string };

/**
 * A result's type and the name it is saved under: the type the server answered, if the tool may give it (PDF to
 * JPG of one page answers the JPG itself), and the name the server gives the same result (`resultFileName`, after
 * the visitor's first file: `report.pdf` compressed is `report-compressed.pdf`).
 */
export function resultDownloadOf(
  tool: ToolDefinition,
  fileNames: readonly string[],
  contentType: string | null,
): ResultDownload {
  const answered = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const mimeType = resultMimeTypes(tool.id).includes(answered) ? answered : tool.output.mimeType;
  return { mimeType, fileName: resultFileName(tool.id, fileNames, mimeType) };
}
