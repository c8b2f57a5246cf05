// Options of the tools the page-cap cases run (`src/ops/page-tree-caps.test.ts`), apart from the cases themselves.

/** Add page numbers' numbering of every page. */
export const PAGE_NUMBER_OPTIONS = {
  position: 'bottom-center',
  format: 'page {n}/{total}',
  start: 1,
  pages: undefined,
  fontSize: 12,
  margin: 28,
} as const;

/** PDF properties' clearing of every property. */
export const CLEAR_METADATA = {
  title: undefined,
  author: undefined,
  subject: undefined,
  keywords: undefined,
  clear: 'true',
} as const;
/** Redact PDF's search for a word, nothing else. */
export const REDACT_MINUTES = {
  search: ['minutes'],
  regex: 'false',
  areas: [],
  fill: '#000000',
  preview: 'false',
  skip: [],
} as const;
