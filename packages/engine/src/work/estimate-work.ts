import type { ToolId } from '@quire/shared';

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

type WorkRates = {
  /** Milliseconds of one core for the job whatever its size. */
  baseMs: number;
  perPageMs: number;
  /** Per mebibyte of decompressed page content: what a renderer or converter parses and draws. */
  perContentMiBMs: number;
  perMegapixelMs: number;
  perScannedPageMs: number;
  perInputMiBMs: number;
};

const NONE: WorkRates = {
  baseMs: 100,
  perPageMs: 0,
  perContentMiBMs: 0,
  perMegapixelMs: 0,
  perScannedPageMs: 0,
  perInputMiBMs: 0,
};

/**
 * Rough cost of each tool on this kind of machine (a 2-core x86 server), set from `npm run bench <tool>` runs on
 * part of the corpus: they sort jobs into short and long (`estimateWork`), they are not a time limit. Page
 * assembly (qpdf) copies content without parsing it; the renderers and converters parse every operator, so a small
 * file of millions of path operators costs what its decompressed content says, not its size.
 */
const WORK_RATES = {
  merge: { ...NONE, perPageMs: 4, perInputMiBMs: 40 },
  split: { ...NONE, perPageMs: 4, perInputMiBMs: 40 },
  rotate: { ...NONE, perPageMs: 3, perInputMiBMs: 30 },
  compress: { ...NONE, baseMs: 60, perPageMs: 12, perContentMiBMs: 120, perInputMiBMs: 40 },
  'pdf-to-jpg': { ...NONE, baseMs: 60, perPageMs: 10, perContentMiBMs: 350, perMegapixelMs: 15 },
  'pdf-to-word': {
    ...NONE,
    baseMs: 400,
    perPageMs: 350,
    perContentMiBMs: 2000,
    perScannedPageMs: 3200,
  },
  'word-to-pdf': { ...NONE, baseMs: 1500, perInputMiBMs: 4000 },
  'jpg-to-pdf': { ...NONE, perPageMs: 150, perInputMiBMs: 100 },
  ocr: { ...NONE, baseMs: 500, perPageMs: 3500, perContentMiBMs: 1500 },
} as const satisfies Record<ToolId, WorkRates>;

const MEBIBYTE = 1024 * 1024;

/**
 * The estimated milliseconds of one core a tool's job takes, from what its op has read of its input: what a job
 * declares (`JobContext.declareWork`), so that the pool can keep long jobs from taking every worker of a lane.
 */
export function estimateWork(toolId: ToolId, facts: WorkFacts): number {
  const rates: WorkRates = WORK_RATES[toolId];
  return Math.round(
    rates.baseMs +
      facts.pages * rates.perPageMs +
      ((facts.contentBytes ?? 0) / MEBIBYTE) * rates.perContentMiBMs +
      (facts.megapixels ?? 0) * rates.perMegapixelMs +
      (facts.scannedPages ?? 0) * rates.perScannedPageMs +
      ((facts.inputBytes ?? 0) / MEBIBYTE) * rates.perInputMiBMs,
  );
}
