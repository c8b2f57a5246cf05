import { rm } from 'node:fs/promises';
import { writePgm, type GreyImage } from './deskew.ts';
import { OCR_SCRIPTS, SCRIPT_MODELS, scriptOfOsdName, type OcrScript } from './ocr-languages.ts';
import type { HocrReading } from './read-hocr.ts';
import { sampleLines, turnGreyImage } from './sample-lines.ts';
import { isTraditionalHan } from './han-variant.ts';
import { isFit, isSureFit, scriptFit, type ScriptFit } from './script-fit.ts';

/** What finding a page's script needs from the one who reads it. */
export type ScriptReaders<Reading extends HocrReading> = {
  /** The page as it will be read (levelled), its resolution, and where a sample of it may be written. */
  image: GreyImage;
  dpi: number;
  samplePath: string;
  /** Reads the whole page in a script's models (`SCRIPT_MODELS[script].reading`). */
  readPage: (script: OcrScript) => Promise<Reading>;
  /** Reads a sample of lines (a PGM file) with one model, as one block. */
  readSample: (samplePath: string, model: string) => Promise<HocrReading>;
  /** Tesseract's orientation and script detection on the page: the turn that puts it upright, a script's name. */
  detectOrientation: () => Promise<{ turn: 0 | 90 | 180 | 270; script: string | null }>;
};

/**
 * Reads a page in the script it is written in, when no language was chosen. The script the pages before it were
 * found in (`expected`) is read first; when the reading is not surely text in it (`isSureFit`), or for the first
 * page, a sample of the page's lines, put upright, is read with the model of each script OCR knows
 * (`OCR_SCRIPTS`), and the script whose model reads most of its own letters with confidence is the page's; the page
 * is read again in it when it differs. A page that no script's model reads as text in that script (handwriting, a
 * drawing, a script OCR does not know) gives no reading: null, never text a wrong model made up.
 */
export async function readInDetectedScript<Reading extends HocrReading>(
  expected: OcrScript | null,
  readers: ScriptReaders<Reading>,
): Promise<{ script: OcrScript; reading: Reading } | null> {
  // The turn that puts the page upright comes from Tesseract's orientation detection, whatever the script: a
  // reading in a wrong script's model may place its made-up lines at any angle.
  let named: OcrScript | null = null;
  const detect = async () => {
    const orientation = await readers.detectOrientation();
    named = scriptOfOsdName(orientation.script);
    return tryScripts(readers, orientation.turn, named);
  };
  // When the sample tells nothing (its lines are struck out, stamped over, too faint), the whole page is read in
  // the script OSD named, or Latin, and kept only if it reads as that script's text.
  const script = expected ?? (await detect()) ?? named ?? 'Latin';
  // A page is read in its script's models and English: its Latin letters are its own.
  const pageFit = (read: Reading, of: OcrScript) => scriptFit(read, of, { withLatin: true });
  let reading = await readers.readPage(script);
  let fit = pageFit(reading, script);
  if (!isSureFit(fit) && expected !== null) {
    const found = await detect();
    if (found !== null && found !== script) {
      const again = await readers.readPage(found);
      const fitAgain = pageFit(again, found);
      if (fitAgain.letters > fit.letters || !isFit(fit)) [reading, fit] = [again, fitAgain];
    }
  }
  return isFit(fit) ? { script: fit.script, reading } : null;
}

/**
 * The script of a page from a sample of its lines (`sampleLines`) put upright: `hint` is tried first and kept if
 * its model reads the sample surely; otherwise every script is tried, and the one whose model reads the most of its
 * own letters, and the most surely, is kept: one that fits (`isFit`) before any other, else the best guess among
 * those whose letters are mostly the script's own (small print in ruled cells reads unsurely in any model; the
 * reading of the whole page decides). Chinese is tried with the simplified model, then told simplified or
 * traditional (`isTraditionalHan`). Null when the page has no lines or no model reads them as text at all.
 */
async function tryScripts<Reading extends HocrReading>(
  readers: ScriptReaders<Reading>,
  turn: 0 | 90 | 180 | 270,
  hint: OcrScript | null,
): Promise<OcrScript | null> {
  const sample = sampleLines(await turnGreyImage(readers.image, turn), readers.dpi);
  if (sample === null) return null;
  await writePgm(readers.samplePath, sample);
  const readSample = (script: OcrScript) =>
    readers.readSample(readers.samplePath, SCRIPT_MODELS[script].trial);
  try {
    const first = hint === 'TraditionalHan' ? 'SimplifiedHan' : hint;
    const candidates = [
      ...(first === null ? [] : [first]),
      ...OCR_SCRIPTS.filter((script) => script !== first && script !== 'TraditionalHan'),
    ];
    const tried: { fit: ScriptFit; reading: HocrReading }[] = [];
    for (const script of candidates) {
      const reading = await readSample(script);
      const fit = scriptFit(reading, script);
      tried.push({ fit, reading });
      if (script === first && isSureFit(fit)) break;
    }
    const rank = ({ fit }: { fit: ScriptFit }) => (isFit(fit) ? 1e9 : 0) + fit.letters * fit.confidence;
    const best = tried
      .filter(({ fit }) => fit.letters > 0 && fit.share >= MIN_GUESS_SHARE)
      .reduce<(typeof tried)[number] | null>(
        (most, next) => (most && rank(most) >= rank(next) ? most : next),
        null,
      );
    if (best === null) return null;
    if (best.fit.script !== 'SimplifiedHan') return best.fit.script;
    return isTraditionalHan(best.reading, await readSample('TraditionalHan'))
      ? 'TraditionalHan'
      : 'SimplifiedHan';
  } finally {
    await rm(readers.samplePath, { force: true });
  }
}

/** A guess at a sample's script needs at least this share of its confident letters in that script. */
const MIN_GUESS_SHARE = 0.5;
