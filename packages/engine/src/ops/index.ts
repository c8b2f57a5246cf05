import { jpgToPdf } from './jpg-to-pdf.ts';
import { compare } from './compare.ts';
import { compress } from './compress.ts';
import { crop } from './crop.ts';
import { extractPages } from './extract-pages.ts';
import { flatten } from './flatten.ts';
import { merge } from './merge.ts';
import { metadata } from './metadata.ts';
import { ocr } from './ocr.ts';
import { organize } from './organize.ts';
import { pageNumbers } from './page-numbers.ts';
import { pdfToPdfa } from './pdf-to-pdfa.ts';
import { pdfToJpg } from './pdf-to-jpg.ts';
import { pdfToPng } from './pdf-to-png.ts';
import { pdfToExcel } from './pdf-to-excel.ts';
import { pdfToText } from './pdf-to-text.ts';
import { pdfToPowerpoint } from './pdf-to-powerpoint.ts';
import { pdfToWord } from './pdf-to-word.ts';
import { protect } from './protect.ts';
import { redact } from './redact.ts';
import { removePages } from './remove-pages.ts';
import { repair } from './repair.ts';
import { rotate } from './rotate.ts';
import { sign } from './sign.ts';
import { split } from './split.ts';
import { unlock } from './unlock.ts';
import type { EngineOps } from './types.ts';
import { watermark } from './watermark.ts';
import { wordToPdf } from './word-to-pdf.ts';
import { excelToPdf } from './excel-to-pdf.ts';
import { powerpointToPdf } from './powerpoint-to-pdf.ts';
import { htmlToPdf } from './html-to-pdf.ts';

/** The operation behind each tool. A tool without an entry here is a compile error. */
export const ENGINE_OPS = {
  merge,
  split,
  crop,
  compress,
  flatten,
  metadata,
  redact,
  sign,
  'pdf-to-word': pdfToWord,
  'pdf-to-powerpoint': pdfToPowerpoint,
  'word-to-pdf': wordToPdf,
  'excel-to-pdf': excelToPdf,
  'powerpoint-to-pdf': powerpointToPdf,
  'html-to-pdf': htmlToPdf,
  'pdf-to-jpg': pdfToJpg,
  'pdf-to-png': pdfToPng,
  'pdf-to-text': pdfToText,
  'pdf-to-excel': pdfToExcel,
  'pdf-to-pdfa': pdfToPdfa,
  'jpg-to-pdf': jpgToPdf,
  rotate,
  'page-numbers': pageNumbers,
  watermark,
  ocr,
  'remove-pages': removePages,
  'extract-pages': extractPages,
  organize,
  compare,
  protect,
  unlock,
  repair,
} satisfies EngineOps;
