/** The levels Quire makes: conformance B (the look preserved) of parts 1, 2 and 3. */
export type PdfaLevel = '1b' | '2b' | '3b';

/**
 * The rules of ISO 19005 (PDF/A) that the engine's checker verifies, by id, in the order the tool's page lists them.
 * Each id is also `details.rule` of a `PDFA_NOT_CONFORMANT` answer; the words that explain it live in every locale's
 * errors.json and tools.json.
 */
export const PDFA_RULES = [
  /** Every font is embedded: a FontFile, FontFile2 or FontFile3 in its descriptor (a CIDFont's for a Type0 font). */
  'fonts-embedded',
  /** The catalogue's /OutputIntents has a GTS_PDFA1 intent whose /DestOutputProfile is an embedded ICC profile. */
  'output-intent',
  /** No /Encrypt in the trailer. */
  'no-encryption',
  /** No JavaScript (document scripts or actions), Launch, Sound, Movie, ResetForm, ImportData or other forbidden action, no /AA. */
  'no-forbidden-actions',
  /** PDF/A-1 only: no soft masks, transparency groups, constant alpha below 1 or blend modes other than Normal. */
  'no-transparency',
  /** An XMP metadata stream on the catalogue with pdfaid:part and pdfaid:conformance of the level. */
  'xmp-identification',
  /** Each of the document information's Title, Author, Subject, Keywords, Creator and Producer is in the XMP too. */
  'info-matches-xmp',
  /** No stream is LZW-compressed. */
  'no-lzw',
  /** PDF/A-1b and 2b: no embedded files (3b allows them). */
  'no-embedded-files',
  /** Every annotation is printed, not hidden, has an appearance stream (links and pop-ups apart) and an allowed type. */
  'annotations-printable',
  /** No XFA form, and a form does not ask readers to draw its fields (/NeedAppearances). */
  'no-xfa',
] as const;

export type PdfaRule = (typeof PDFA_RULES)[number];

/** The rules a level asks for: transparency is PDF/A-1's alone, embedded files are allowed from PDF/A-3 on. */
export function rulesOf(level: PdfaLevel): readonly PdfaRule[] {
  return PDFA_RULES.filter(
    (rule) =>
      !(rule === 'no-transparency' && level !== '1b') && !(rule === 'no-embedded-files' && level === '3b'),
  );
}

/** One broken rule, with what was found (an object number, a font's name), in English for the API's details. */
export type PdfaViolation = { rule: PdfaRule; detail: string };
