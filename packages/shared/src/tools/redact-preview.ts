import type { PageBox } from './page-boxes.ts';

/**
 * Most matches Redact PDF's preview lists (`preview=true`), and most numbers its `skip` names: far more than a
 * visitor reads one by one; a search that finds more is listed up to here (`matchCount` says how many there are).
 */
export const MAX_LISTED_MATCHES = 5000;

/**
 * One place a word or phrase of `search` was found, as the preview lists it: numbered from 1 in the order the
 * redaction takes them (page by page, each page in reading order), which is what `skip` names.
 */
export type RedactMatch = {
  readonly number: number;
  readonly page: number;
  /** The words found, as the page writes them; and up to 40 characters of the text before and after them. */
  readonly text: string;
  readonly before: string;
  readonly after: string;
  /** Where they are: a box around each line they span, as fractions of the page as seen (as `areas`). */
  readonly boxes: readonly Omit<PageBox, 'page'>[];
};

/** The answer of `POST /api/pdf/redact` with `preview=true` (JSON): the matches, nothing removed. */
export type RedactPreview = {
  readonly pageCount: number;
  /** How many matches there are; the list holds the first `MAX_LISTED_MATCHES` of them. */
  readonly matchCount: number;
  readonly matches: readonly RedactMatch[];
};
