import type { JobReport } from '../reports/job-report.ts';
import { TOOLS, type ToolDefinition } from '../tools/registry.ts';
import type { ToolId } from '../tools/tool-ids.ts';
import { cleanSegment, cutToBytes, fitFileName, safeFileName, splitExtension } from './safe-file-name.ts';

const JPEG = 'image/jpeg';
const PNG = 'image/png';
/** The tools that give a one-page document's picture alone, not a zip holding it, and its type. */
const PAGE_PICTURE_TYPES: Partial<Record<ToolId, string>> = { 'pdf-to-jpg': JPEG, 'pdf-to-png': PNG };
const ZIP = 'application/zip';
const JSON_TYPE = 'application/json';

/** The extension of each type of result. */
const RESULT_EXTENSIONS: Readonly<Record<string, string>> = {
  'application/pdf': '.pdf',
  [ZIP]: '.zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': '.pptx',
  [JPEG]: '.jpg',
  [PNG]: '.png',
  [JSON_TYPE]: '.json',
  'text/plain; charset=utf-8': '.txt',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': '.xlsx',
};

/**
 * Room for a stem in a name, in UTF-8 bytes: the rest of the 150 is kept for what follows it (`-searchable.pdf`,
 * `-p0999-1000.pdf`), so every name derived from one source starts the same, on the server and in the browser.
 */
const MAX_STEM_BYTES = 120;

/** The stem of pages cut from a file that has no usable name. */
const PAGE_FALLBACK_STEM = 'document';

/**
 * The types a tool's result may have: its own, for PDF to JPG (PNG) the picture it gives for a one-page document, for Redact
 * PDF the JSON list of its preview, and a zip for a tool whose result holds several files when its report counts
 * them (`output.zipWhenFiles`).
 */
export function resultMimeTypes(toolId: ToolId): readonly string[] {
  const { output }: ToolDefinition = TOOLS[toolId];
  const { mimeType, zipWhenFiles } = output;
  const picture = PAGE_PICTURE_TYPES[toolId];
  if (picture) return [mimeType, picture];
  if (toolId === 'redact') return [mimeType, JSON_TYPE];
  return zipWhenFiles ? [mimeType, ZIP] : [mimeType];
}

/**
 * A result's type, from its report: PDF to JPG (PNG) of one page answers the picture itself, not a zip holding it; Redact
 * PDF's preview answers JSON; a tool with `output.zipWhenFiles` answers a zip when its report counts files
 * (`fileCount` above 0).
 */
export function resultMimeType<T extends ToolId>(toolId: T, report: Pick<JobReport<T>, 'values'>): string {
  const values: Partial<Record<string, unknown>> = report.values;
  const picture = PAGE_PICTURE_TYPES[toolId];
  if (picture && values.pageCount === 1) return picture;
  if (toolId === 'redact' && values.preview === 'true') return JSON_TYPE;
  const hasFiles = typeof values.fileCount === 'number' && values.fileCount > 0;
  const { output }: ToolDefinition = TOOLS[toolId];
  return output.zipWhenFiles && hasFiles ? ZIP : output.mimeType;
}

/**
 * The name of a job's result, after its (first) source file: `report-final.pdf` compressed is
 * `report-final-compressed.pdf`, converted to Word `report-final.docx`; a merge is named after its first file,
 * images made a PDF after the first image. A source with no usable name gives the tool's fixed name
 * (`TOOLS[id].output.fileName`, with the extension of the result's type).
 */
export function resultFileName(toolId: ToolId, sourceNames: readonly string[], mimeType: string): string {
  const extension = RESULT_EXTENSIONS[mimeType] ?? splitExtension(TOOLS[toolId].output.fileName).extension;
  const fallback = `${splitExtension(TOOLS[toolId].output.fileName).stem}${extension}`;
  const stem = fileStem(sourceNames[0] ?? '');
  if (stem === '') return fallback;
  // A one-page PDF to JPG (PNG) gives the picture alone, named as its source; Redact PDF's preview lists its matches.
  const suffix =
    mimeType === JPEG || mimeType === PNG
      ? ''
      : mimeType === JSON_TYPE
        ? '-matches'
        : TOOLS[toolId].output.nameSuffix;
  return safeFileName(`${stem}${suffix}${extension}`, fallback);
}

/** A file name without its extension, made safe and cut to the room of a stem; '' when nothing usable is left. */
export function fileStem(name: string): string {
  const { stem } = splitExtension(cleanSegment(name));
  return cutToBytes(stem, MAX_STEM_BYTES).replace(/[. ]+$/, '');
}

/**
 * The name of a page, or of a run of pages, in a zip: the source's stem (`document` when it has none), `-p` and
 * the page numbers zero-padded to the width of the document's page count, so that entries sort in page order
 * everywhere (`report-p07.jpg` of 12 pages, `report-p01-05.pdf`). Every zip of pages is named this way.
 */
export function pageFileName(
  sourceName: string,
  pages: { readonly first: number; readonly last: number },
  pageCount: number,
  extension: string,
): string {
  const width = String(pageCount).length;
  const pad = (page: number) => String(page).padStart(width, '0');
  const numbers = pages.first === pages.last ? pad(pages.first) : `${pad(pages.first)}-${pad(pages.last)}`;
  const tail = `-p${numbers}${extension}`;
  return fitFileName(fileStem(sourceName) || PAGE_FALLBACK_STEM, tail) ?? `${PAGE_FALLBACK_STEM}${tail}`;
}
