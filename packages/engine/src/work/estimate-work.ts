/** What an op knows of its work once it has read its input, before the heavy part. */
export type WorkFacts = {
  /** Pages it processes (of every file, for merge), or images for JPG to PDF. */
  pages: number;
  /** Bytes of the pages' content streams and forms, decompressed (`measurePageContent`): drawing operators. */
  contentBytes?: number;
  /** Megapixels it draws (PDF to JPG, which knows each page's pixel size before drawing). */
  megapixels?: number;
  /** Scanned pages it reads with OCR (PDF to Word, once it has found them). */
  scannedPages?: number;
  /** Bytes of the input (Word to PDF, whose pages are unknown before LibreOffice lays them out). */
  inputBytes?: number;
};

/**
 * Rough cost of a tool's job on this kind of machine (a 2-core x86 server), set beside its op from
 * `npm run bench work-estimates` runs on part of the corpus: they sort jobs into short and long (`estimateWork`),
 * they are not a time limit. Page assembly (qpdf) copies content without parsing it; the renderers and converters
 * parse every operator, so a small file of millions of path operators costs what its decompressed content says, not
 * its size: a tool with a content rate has its PDFs' content measured (`declarePdfWork`).
 */
export type WorkRates = {
  /** Milliseconds of one core for the job whatever its size. */
  readonly baseMs: number;
  readonly perPageMs: number;
  /** Per mebibyte of decompressed page content: what a renderer or converter parses and draws. */
  readonly perContentMiBMs: number;
  readonly perMegapixelMs: number;
  readonly perScannedPageMs: number;
  readonly perInputMiBMs: number;
};

/** The rates every tool starts from: a tenth of a second, whatever the job. */
export const NO_WORK: WorkRates = {
  baseMs: 100,
  perPageMs: 0,
  perContentMiBMs: 0,
  perMegapixelMs: 0,
  perScannedPageMs: 0,
  perInputMiBMs: 0,
};

const MEBIBYTE = 1024 * 1024;

/**
 * The estimated milliseconds of one core a tool's job takes, from what its op has read of its input: what a job
 * declares (`JobContext.declareWork`), so that the pool can keep long jobs from taking every worker of a lane.
 */
export function estimateWork(rates: WorkRates, facts: WorkFacts): number {
  return Math.round(
    rates.baseMs +
      facts.pages * rates.perPageMs +
      ((facts.contentBytes ?? 0) / MEBIBYTE) * rates.perContentMiBMs +
      (facts.megapixels ?? 0) * rates.perMegapixelMs +
      (facts.scannedPages ?? 0) * rates.perScannedPageMs +
      ((facts.inputBytes ?? 0) / MEBIBYTE) * rates.perInputMiBMs,
  );
}
