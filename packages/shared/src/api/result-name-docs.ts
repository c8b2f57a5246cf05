import type { FileKind } from '../files/file-kinds.ts';
import { resultFileName, resultMimeTypes } from '../files/result-file-name.ts';
import { TOOLS } from '../tools/registry.ts';
import type { ToolId } from '../tools/tool-ids.ts';

/** The stems of the sample files results are shown named after: a document's, a photo's. */
export type SampleStems = { readonly document: string; readonly photo: string };

/** The API reference's samples (the site gives them in the page's language). */
const ENGLISH_STEMS: SampleStems = { document: 'report', photo: 'photo' };

/** The sample file of each kind a tool may take: which stem, and its extension. */
const SAMPLE_FILES: Readonly<Record<FileKind, { stem: keyof SampleStems; extension: string }>> = {
  pdf: { stem: 'document', extension: '.pdf' },
  word: { stem: 'document', extension: '.docx' },
  spreadsheet: { stem: 'document', extension: '.xlsx' },
  presentation: { stem: 'document', extension: '.pptx' },
  html: { stem: 'document', extension: '.html' },
  image: { stem: 'photo', extension: '.jpg' },
  stampImage: { stem: 'photo', extension: '.png' },
};

/** How the reference shows a tool's result names: the file sent, and the name of each type of result it gives. */
export type ResultNameExample = {
  readonly source: string;
  readonly results: readonly { readonly mimeType: string; readonly fileName: string }[];
};

/**
 * How a tool names a sample file's results: `report.pdf` compressed gives `report-compressed.pdf`; PDF to JPG gives
 * `report-jpg.zip`, or `report.jpg` for one page.
 */
export function resultNameExample(toolId: ToolId, stems: SampleStems = ENGLISH_STEMS): ResultNameExample {
  const [kind = 'pdf'] = TOOLS[toolId].accepts;
  const sample = SAMPLE_FILES[kind];
  const source = `${stems[sample.stem]}${sample.extension}`;
  return {
    source,
    results: resultMimeTypes(toolId).map((mimeType) => ({
      mimeType,
      fileName: resultFileName(toolId, [source], mimeType),
    })),
  };
}

/** The `Content-Disposition` of each result a tool may give, as the reference writes it. */
export function dispositionExamples(toolId: ToolId): string[] {
  return resultNameExample(toolId).results.map(({ fileName }) => `\`attachment; filename="${fileName}"\``);
}
