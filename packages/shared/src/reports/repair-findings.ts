/**
 * What Repair PDF found wrong with a file, as a fixed set of codes (the site words each in the visitor's language;
 * the API sends them in `X-Repair-Problems`), in the order they are listed:
 * - `header`: the file did not start with its PDF header (something was written before it);
 * - `cross-reference`: its cross-reference table (where each part of the file starts), or the trailer and
 *   `startxref` that lead to it, was broken, missing or pointed to the wrong places;
 * - `objects`: some of its objects (the parts the document is made of) were damaged, cut short or missing;
 * - `stream-lengths`: some of its streams (page contents, pictures, fonts) said a wrong length;
 * - `streams`: some of its streams' data could not be read whole;
 * - `page-tree`: its list of pages looped, listed a part twice or miscounted its pages;
 * - `end`: no end-of-file marker at the file's end: most often a file cut off while being downloaded or copied,
 *   sometimes one with data added after its end;
 * - `other`: damage the engines mended that none of the above describes.
 * Never an engine's own words: those can quote the file's contents.
 */
export const REPAIR_PROBLEMS = [
  'header',
  'cross-reference',
  'objects',
  'stream-lengths',
  'streams',
  'page-tree',
  'end',
  'other',
] as const;

export type RepairProblem = (typeof REPAIR_PROBLEMS)[number];

/**
 * Which engine wrote the repaired file, gentlest first (each keeps more of the file as it was than the next): qpdf
 * rebuilds the file's structure around its objects, MuPDF rewrites every object it can still read, Ghostscript
 * redraws every page into a new file. `none`: the file was intact, and came back as it was.
 */
export const REPAIR_ENGINES = ['qpdf', 'mupdf', 'ghostscript', 'none'] as const;

export type RepairEngine = (typeof REPAIR_ENGINES)[number];

/** The report's list of problems: their codes in `REPAIR_PROBLEMS` order, comma-separated, or `none`. */
export function writeRepairProblems(problems: Iterable<RepairProblem>): string {
  const found = new Set(problems);
  const listed = REPAIR_PROBLEMS.filter((problem) => found.has(problem));
  return listed.length === 0 ? 'none' : listed.join(',');
}

/** The codes of a report's list of problems (`writeRepairProblems`); anything else in it is left out. */
export function readRepairProblems(written: string): RepairProblem[] {
  const codes = new Set(written.split(',').map((code) => code.trim()));
  return REPAIR_PROBLEMS.filter((problem) => codes.has(problem));
}

export function isRepairEngine(value: unknown): value is RepairEngine {
  return typeof value === 'string' && (REPAIR_ENGINES as readonly string[]).includes(value);
}
