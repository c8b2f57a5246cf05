import type { ToolId } from '../tools/tool-ids.ts';

/**
 * What the API reference says of a tool's answer. Its words (summary, description, options) are in
 * `content/locales/en/apiDocs.json` (`toolWords`), the errors its engine raises in its registry entry.
 */
export type ToolDoc = {
  /** Headers the answer carries beyond Content-Type, Content-Length and Content-Disposition. */
  readonly resultHeaders: Readonly<Record<string, ResultHeaderDoc>>;
};

export type ResultHeaderDoc = {
  readonly description: string;
  readonly type: 'string' | 'integer' | 'number';
  /** Sent only in some cases (the description says when). */
  readonly conditional?: true;
};

/** Sent with any tool's result that has something to say (the site shows each notice in the visitor's language). */
export const NOTICES_HEADER_DOC: ResultHeaderDoc = {
  description:
    'Present when there is something to know about the result: comma-separated codes with their facts, e.g. `FILE_REPAIRED;file=1, PAGES_DOWNSCALED;pages=3;dpi=212`. `FILE_REPAIRED`: a damaged file (`file`: its position) was repaired. `ALREADY_OPTIMAL`: nothing could be saved; the original came back. `PAGES_DOWNSCALED`: `pages` pages were drawn at `dpi` or more, below the resolution asked. `IMAGES_DROPPED`: images too large to draw were left out. `PAGES_ARE_SCANS`: `pages` pages have no text layer and were kept as pictures.' +
    ' `SAME_AT_EVERY_LEVEL`: the file has no image a compression level could change, so every level gives the same result.' +
    ' `PASSWORD_REMOVED`: the file (`file`: its position) opened only with its password; the result has none.',
  type: 'string',
  conditional: true,
};

/** The headers of the tools that read scans (`RECOGNITION_HEADERS` of the report table). */
const RECOGNITION_HEADERS = {
  'X-Pages-Recognised': {
    description: 'How many pages were read (pages with text are left as they are).',
    type: 'integer',
  },
  'X-Recognised-Page-List': {
    description: 'Present when pages were read: which, e.g. `1-3, 7`.',
    type: 'string',
    conditional: true,
  },
  'X-Ocr-Confidence': {
    description: 'Present when words were read: their mean confidence, 0 to 100, with one decimal.',
    type: 'number',
    conditional: true,
  },
} as const;

/** The headers of each tool's answer, in English; a test checks them against real answers. */
export const TOOL_DOCS = {
  merge: {
    resultHeaders: {
      'X-Page-Count': { description: 'Pages of the result.', type: 'integer' },
    },
  },
  split: {
    resultHeaders: {
      'X-File-Count': { description: 'PDFs in the zip.', type: 'integer' },
    },
  },
  compress: {
    resultHeaders: {
      'X-Original-Size': { description: 'Size of the uploaded PDF in bytes.', type: 'integer' },
      'X-Compressed-Size': { description: 'Size of the answer in bytes.', type: 'integer' },
      'X-Compression-Ratio': {
        description:
          'The reduction in percent with one decimal, e.g. `63.4` (`0.0` when the original came back).',
        type: 'number',
      },
      'X-Compression-Skipped': {
        description:
          'Present when nothing could be saved and the original bytes came back: `already-optimal`.',
        type: 'string',
        conditional: true,
      },
    },
  },
  'pdf-to-word': {
    resultHeaders: {
      'X-Page-Count': { description: 'Pages of the result.', type: 'integer' },
      'X-Pages-Without-Text': {
        description:
          'How many pages are kept as pictures: they have no text, and no words could be read in them.',
        type: 'integer',
      },
      ...RECOGNITION_HEADERS,
    },
  },
  'word-to-pdf': {
    resultHeaders: {},
  },
  'pdf-to-jpg': {
    resultHeaders: {
      'X-Page-Count': { description: 'Pages of the result.', type: 'integer' },
      'X-Pages-Downscaled': {
        description: 'Present when some pages were rendered below the requested resolution: how many.',
        type: 'integer',
        conditional: true,
      },
      'X-Render-Dpi-Min': {
        description: 'Present with `X-Pages-Downscaled`: the lowest resolution used, in DPI.',
        type: 'integer',
        conditional: true,
      },
    },
  },
  'jpg-to-pdf': {
    resultHeaders: {
      'X-Page-Count': { description: 'Pages of the result.', type: 'integer' },
    },
  },
  rotate: {
    resultHeaders: {
      'X-Pages-Rotated': { description: 'How many pages were turned.', type: 'integer' },
    },
  },
  ocr: {
    resultHeaders: {
      'X-Page-Count': { description: 'Pages of the result.', type: 'integer' },
      ...RECOGNITION_HEADERS,
    },
  },
} as const satisfies { readonly [K in ToolId]: ToolDoc };
