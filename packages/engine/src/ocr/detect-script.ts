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
  let reading = await readers.readPage(script);
  let fit = scriptFit(reading, script);
  if (!isSureFit(fit) && expected !== null) {
    const found = await detect();
    if (found !== null && found !== script) {
      const again = await readers.readPage(found);
      const fitAgain = scriptFit(again, found);
      if (fitAgain.letters > fit.letters || !isFit(fit)) [reading, fit] = [again, fitAgain];
    }
  }
  return isFit(fit) ? { script: fit.script, reading } : null;
}

/**
 * The script of a page from a sample of its lines (`sampleLines`) put upright: `hint` is tried first and kept if
 * its model reads the sample surely; otherwise every script is tried and the best fit kept. Chinese is tried with
 * the simplified model, then told simplified or traditional (`isTraditionalHan`). Null when the page has no lines or
 * no model reads them as its script's text.
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
    let best: { fit: ScriptFit; reading: HocrReading } | null = null;
    for (const script of candidates) {
      const reading = await readSample(script);
      const fit = scriptFit(reading, script);
      if (isFit(fit) && (best === null || fit.letters > best.fit.letters)) best = { fit, reading };
      if (script === first && isSureFit(fit)) break;
    }
    if (best === null) return null;
    if (best.fit.script !== 'SimplifiedHan') return best.fit.script;
    return isTraditionalHan(best.reading, await readSample('TraditionalHan'))
      ? 'TraditionalHan'
      : 'SimplifiedHan';
  } finally {
    await rm(readers.samplePath, { force: true });
  }
}
