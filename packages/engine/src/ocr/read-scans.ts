import { mkdir, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { AppError, type OcrLanguage } from '@quire/shared';
import type { InputFile } from '../ops/types.ts';
import { loadMupdf } from '../mupdf/load-mupdf.ts';
import { openScannedSource } from './open-scanned-source.ts';
import { stopError } from '../process/stop-error.ts';
import { runInLanes } from '../render/run-in-lanes.ts';
import { deskewPgm, writePgm, type GreyImage } from './deskew.ts';
import { drawScanPage, type ScanSource } from './draw-scan-page.ts';
import { findPictures } from './find-pictures.ts';
import { findRules } from './find-rules.ts';
import type { PageSurvey } from './find-scanned-pages.ts';
import { readInDetectedScript } from './detect-script.ts';
import { modelsFor, SCRIPT_MODELS, type OcrScript } from './ocr-languages.ts';
import { surerReading } from './surer-reading.ts';
import type { HocrWord, PixelBox } from './read-hocr.ts';
import {
  detectOrientation,
  runTesseract,
  type PageRecognition,
  type PageSegmentation,
} from './run-tesseract.ts';
import { unreadInkShare } from './unread-ink.ts';

/**
 * Tesseract reads best with capital letters 20–30 pixels high: 300 DPI for the usual 10–12 pt body text. A scan of
 * 150 to 300 DPI is read at its own resolution, drawn pixel for pixel (`drawScanPage`): as well as drawn at 300 and
 * twice to four times as fast (OCR bench: 99.5% at 200 DPI either way; 150 DPI, 99.4% against 99.5%). One of less
 * is drawn at 300.
 */
const OCR_DPI = 300;
const MIN_NATIVE_DPI = 150;
/** A page image larger than this (an A2 poster at 300 DPI) is read at a lower resolution. */
const MAX_OCR_PIXELS = 25_000_000;
/** Tesseract processes at once per job: one per core, as measured (one thread each is fastest on a busy machine). */
const MAX_OCR_PROCESSES = 2;

/** One scanned page as read. */
export type ScanResult = PageRecognition & {
  /** The Tesseract models the page was read in (`rus`, `eng+fra`); '' when no text could be read in it. */
  models: string;
  /** Degrees (clockwise) the page image was levelled by before reading; 0 when it was level. */
  skew: number;
  /** Resolution of the image read; the hOCR's pixels are of it. */
  dpi: number;
  /** Lines drawn on the page (`findRules`), in the same pixels; only for a layout. */
  rules: PixelBox[];
  /** Regions that hold pictures (`findPictures`), in the same pixels; only for a layout. */
  pictures: PixelBox[];
};

export type ScanReadingOptions = {
  /**
   * What is wanted besides the hOCR: Tesseract's text-only PDF page (a text layer), the drawn lines (layout), or
   * nothing more (the text alone, PDF to text).
   */
  wants: 'text-layer' | 'layout' | 'text';
  /** Where the page images and Tesseract's outputs go; removed by the caller. */
  workDir: string;
  signal: AbortSignal;
  /** Time left for the whole reading, in milliseconds. */
  timeLeft: () => number;
  onPage: (pagesDone: number) => void;
};

/**
 * Reads the scanned pages of a PDF (`sourcePath`, decrypted) with Tesseract: each page drawn in grey
 * (`drawScanPage`) at 300 DPI or its scan's own resolution (`dpiFor`), levelled when skewed (`deskewPgm`), and read
 * (automatic page segmentation with orientation detection, then as one column when that left lines of text out),
 * two pages at once, one thread each. A skewed page is read levelled two ways, by interpolation and by shears, and
 * the reading Tesseract is surer of is kept (`surerReading`): neither way reads best on every page (on the OCR
 * bench's worn scans, shears read Arabic better and interpolation Chinese), and the second reading costs about as
 * much again, on skewed pages only. With `languages` 'auto' each page is read in the script it is found to be
 * written in (`readInDetectedScript`), and a page that no script's model reads as text gives no words at all. Gives
 * each page's result by page number, and the models used (`eng+fra`).
 */
export async function readScans(
  sourcePath: string,
  file: InputFile,
  scanned: readonly PageSurvey[],
  languages: readonly OcrLanguage[] | 'auto',
  options: ScanReadingOptions,
): Promise<{ results: Map<number, ScanResult>; models: string }> {
  const { workDir, signal } = options;
  await mkdir(workDir, { recursive: true });
  const limits = () => ({ signal, timeoutMs: Math.max(1, options.timeLeft()) });
  const mupdf = await loadMupdf();
  const opened = openScannedSource(mupdf, sourcePath, file);
  const source: ScanSource = { mupdf, pdf: opened.pdf, path: sourcePath, workDir, limits };
  const imageOf = async (page: PageSurvey, dpi: number, name: string) => {
    const path = await drawScanPage(source, page, dpi, name);
    if (path === null) {
      throw new AppError('FILE_DAMAGED', `Page ${page.pageNumber} of "${file.name}" could not be drawn.`, {
        fileIndex: 0,
        fileName: file.name,
      });
    }
    return path;
  };
  try {
    return await readOpenedScans(scanned, languages, options, imageOf);
  } finally {
    opened.close();
  }
}

/** `readScans` once the document is open: `imageOf` draws a page into a PGM file. */
async function readOpenedScans(
  scanned: readonly PageSurvey[],
  languages: readonly OcrLanguage[] | 'auto',
  options: ScanReadingOptions,
  imageOf: (page: PageSurvey, dpi: number, name: string) => Promise<string>,
): Promise<{ results: Map<number, ScanResult>; models: string }> {
  const { workDir, signal } = options;
  const results = new Map<number, ScanResult>();
  const controller = new AbortController();
  const laneSignal = AbortSignal.any([signal, controller.signal]);
  const limits = () => ({ signal: laneSignal, timeoutMs: Math.max(1, options.timeLeft()) });
  // With no language chosen, the script the last page was found in is the one the next is read in first.
  let lastScript: OcrScript | null = null;
  let pagesDone = 0;
  await runInLanes(
    scanned,
    Math.min(MAX_OCR_PROCESSES, availableParallelism()),
    async (page) => {
      if (laneSignal.aborted) throw stopError(laneSignal);
      const dpi = dpiFor(page);
      const imagePath = await imageOf(page, dpi, `page-${page.pageNumber}`);
      try {
        const levelled = await deskewPgm(imagePath);
        let runs = 0;
        const readImage = (
          path: string,
          image: GreyImage,
          models: string,
          isWorthRereading?: (firstPass: PageRecognition) => boolean,
        ) => {
          runs += 1;
          const base = join(workDir, `text-${page.pageNumber}-${runs}`);
          return readPage(path, base, image, dpi, models, options.wants, limits, isWorthRereading);
        };
        const read = (models: string, isWorthRereading?: (firstPass: PageRecognition) => boolean) =>
          readImage(imagePath, levelled.image, models, isWorthRereading);
        let reading: PageReading | null;
        if (languages === 'auto') {
          const found = await readInDetectedScript(lastScript, {
            image: levelled.image,
            dpi,
            samplePath: join(workDir, `sample-${page.pageNumber}.pgm`),
            readPage: (script, isWorthRereading) => read(SCRIPT_MODELS[script].reading, isWorthRereading),
            readSample: (path, model) =>
              runTesseract(path, `${path.slice(0, -4)}-${model}`, model, dpi, limits(), {
                segmentation: 'block',
                withTextLayer: false,
              }),
            detectOrientation: () => detectOrientation(imagePath, dpi, limits()),
          });
          if (found) lastScript = found.script;
          reading = found?.reading ?? null;
        } else {
          reading = await read(modelsFor(languages));
        }
        // A skewed page is read again levelled by shears, in the models it was read in, and the surer reading kept.
        let image = levelled.image;
        if (reading !== null && levelled.sheared !== null) {
          const shearedPath = join(workDir, `page-${page.pageNumber}-sheared.pgm`);
          await writePgm(shearedPath, levelled.sheared);
          try {
            const again = await readImage(shearedPath, levelled.sheared, reading.models);
            if (surerReading(reading, again) === again) [reading, image] = [again, levelled.sheared];
          } finally {
            await rm(shearedPath, { force: true });
          }
        }
        const rules = options.wants === 'layout' ? findRules(image, dpi) : [];
        results.set(page.pageNumber, {
          ...(reading ?? NOTHING_READ),
          skew: levelled.angle,
          dpi,
          rules,
          pictures: options.wants === 'layout' ? (reading?.pictures ?? []) : [],
        });
      } finally {
        await rm(imagePath, { force: true });
      }
      // Counted here, not from `results`: another lane may have added its page while this one removed its image.
      pagesDone += 1;
      options.onPage(pagesDone);
    },
    () => controller.abort(),
  );
  const used = [...results.values()].flatMap((result) =>
    result.models === '' ? [] : result.models.split('+'),
  );
  return { results, models: [...new Set(used)].join('+') };
}

/** A page read in its models, with the boxes of its pictures (`findPictures`). */
type PageReading = PageRecognition & { models: string; pictures: PixelBox[] };

/** A page in which no text could be read: no word, no layer. */
const NOTHING_READ: PageRecognition & { models: string } = {
  words: 0,
  confidence: null,
  uprightTurn: 0,
  text: '',
  lines: [],
  textPdfPath: null,
  models: '',
};

/**
 * Reads a page image in `models`: Tesseract's page segmentation with orientation detection, then, when that left
 * lines of text out and `isWorthRereading` (if given) holds for the first reading, as one column of text, keeping
 * that reading when it finds clearly more (the first keeps columns apart, so it stays on a near tie).
 */
async function readPage(
  imagePath: string,
  outputBase: string,
  image: GreyImage,
  dpi: number,
  models: string,
  wants: ScanReadingOptions['wants'],
  limits: () => { signal: AbortSignal; timeoutMs: number },
  isWorthRereading: (firstPass: PageRecognition) => boolean = () => true,
): Promise<PageReading> {
  const read = (segmentation: PageSegmentation) =>
    runTesseract(imagePath, `${outputBase}-${segmentation}`, models, dpi, limits(), {
      segmentation,
      withTextLayer: wants === 'text-layer',
    });
  let reading = await read('auto');
  const first = textAndPictures(reading, image, dpi);
  let { pictures } = first;
  if (unreadInkShare(image, dpi, first.words, pictures) > MAX_UNREAD_INK_SHARE && isWorthRereading(reading)) {
    // Lines of text may have been left out: read again as one column of text.
    const again = await read('column');
    if (confidentCharacters(again, dpi) > MIN_REREAD_GAIN * confidentCharacters(reading, dpi)) {
      reading = again;
      ({ pictures } = textAndPictures(again, image, dpi));
    }
  }
  return { ...reading, models, pictures };
}

/**
 * A page whose ink outside pictures is more than this share unread is read a second time as one column of text
 * (`unreadInkShare`). A page read in full leaves 2–6% (strokes outside word boxes, rules, specks); one whose
 * segmentation dropped lines, 40% and more.
 */
const MAX_UNREAD_INK_SHARE = 0.2;
/**
 * The second reading replaces the first when it reads this many times the characters. The Korean letter's gives
 * 1.6 times; a page with a stamp or struck-out lines, which both readings leave unread, gives the same within 1%.
 */
const MIN_REREAD_GAIN = 1.1;

/** The boxes of the words read as text (`isTextLike`), and the pictures around them (`findPictures`). */
function textAndPictures(
  reading: PageRecognition,
  image: GreyImage,
  dpi: number,
): { words: PixelBox[]; pictures: PixelBox[] } {
  // Words read with some confidence are text; what Tesseract makes of a photo's texture is not.
  const words = reading.lines.flatMap((line) =>
    line.words.filter((word) => isTextLike(word, dpi)).map((word) => word.box),
  );
  return { words, pictures: findPictures(image, dpi, words) };
}

/** Characters of the words read as text: what two readings of one page are compared by. */
function confidentCharacters(reading: PageRecognition, dpi: number): number {
  return reading.lines.reduce(
    (total, line) =>
      total + line.words.reduce((sum, word) => sum + (isTextLike(word, dpi) ? [...word.text].length : 0), 0),
    0,
  );
}

/** Below this confidence, or smaller than a letter, a "word" may be a reading of a picture's texture. */
const MIN_TEXT_CONFIDENCE = 50;
const MIN_LETTER_INCHES = 1 / 40;

function isTextLike(word: HocrWord, dpi: number): boolean {
  return word.confidence >= MIN_TEXT_CONFIDENCE && word.box.y1 - word.box.y0 >= MIN_LETTER_INCHES * dpi;
}

/**
 * The scan's own resolution when it is between `MIN_NATIVE_DPI` and `OCR_DPI`, else `OCR_DPI`; less for a page so
 * large that its image would pass `MAX_OCR_PIXELS`.
 */
function dpiFor(page: PageSurvey): number {
  const ppi = Math.round(page.imagePpi ?? OCR_DPI);
  const wanted = ppi >= MIN_NATIVE_DPI && ppi < OCR_DPI ? ppi : OCR_DPI;
  const squareInches = (page.widthPt / 72) * (page.heightPt / 72);
  if (squareInches <= 0) return wanted;
  return Math.max(1, Math.min(wanted, Math.floor(Math.sqrt(MAX_OCR_PIXELS / squareInches))));
}
