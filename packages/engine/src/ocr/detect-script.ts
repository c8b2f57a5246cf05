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
  /**
   * Reads the whole page in a script's models (`SCRIPT_MODELS[script].reading`); when the first pass left lines out,
   * it is read again as one column only if `isWorthRereading` (when given) holds for that first pass.
   */
  readPage: (script: OcrScript, isWorthRereading?: (firstPass: HocrReading) => boolean) => Promise<Reading>;
  /** Reads a sample of lines (a PGM file) with one model, as one block. */
  readSample: (samplePath: string, model: string) => Promise<HocrReading>;
  /** Tesseract's orientation and script detection on the page: the turn that puts it upright, a script's name. */
  detectOrientation: () => Promise<{ turn: 0 | 90 | 180 | 270; script: string | null }>;
};

/**
 * Reads a page in the script it is written in, when no language was chosen. The script the pages before it were
 * found in (`expected`) is read first (not again as one column when the first pass is not text in it at all: the
 * page's own script is found first, and the page is read in full in `expected` only if no other is); when the
 * reading is not surely text in it (`isSureFit`), or for the first page, a sample of the page's lines, put upright,
 * is read with the model of each script OCR knows (`OCR_SCRIPTS`), and the script whose model reads most of its own
 * letters with confidence is the page's; the page is read again in it when it differs. When that reading is not
 * surely text in its script either, the page is read in a second script too, the one OSD named or else the sample's
 * second best (a page of Arabic words beside their English: each model reads half of any sample), and the reading
 * with the more letters of its scripts, read the more surely, is kept. A page that no script's model reads as text
 * in that script (handwriting, a drawing, a script OCR does not know) gives no reading: null, never text a wrong
 * model made up.
 */
export async function readInDetectedScript<Reading extends HocrReading>(
  expected: OcrScript | null,
  readers: ScriptReaders<Reading>,
): Promise<{ script: OcrScript; reading: Reading } | null> {
  // The turn that puts the page upright comes from Tesseract's orientation detection, whatever the script: a
  // reading in a wrong script's model may place its made-up lines at any angle.
  let named: OcrScript | null = null;
  let ranked: OcrScript[] = [];
  const detect = async () => {
    const orientation = await readers.detectOrientation();
    named = scriptOfOsdName(orientation.script);
    ranked = await tryScripts(readers, orientation.turn, named);
    return ranked[0] ?? null;
  };
  // A page is read in its script's models and English: its Latin letters are its own.
  const readings: { reading: Reading; fit: ScriptFit }[] = [];
  const fitIn = (reading: HocrReading, script: OcrScript) => scriptFit(reading, script, { withLatin: true });
  const readIn = async (script: OcrScript, isWorthRereading?: (firstPass: HocrReading) => boolean) => {
    const reading = await readers.readPage(script, isWorthRereading);
    const read = { reading, fit: fitIn(reading, script) };
    readings.push(read);
    return read;
  };
  const isRead = (script: OcrScript) => readings.some(({ fit }) => fit.script === script);
  // The script of the pages before is a guess: a first pass that is not even text in it (`isFit`), on a page of
  // another script, is not read again as one column (a pass as long as the first) before that script is found.
  let isCutShort = false;
  const isWorthRereadingIn = (script: OcrScript) => (firstPass: HocrReading) => {
    isCutShort = !isFit(fitIn(firstPass, script));
    return !isCutShort;
  };
  // When the sample tells nothing (its lines are struck out, stamped over, too faint), the whole page is read in
  // the script OSD named, or Latin, and kept only if it reads as that script's text.
  const first =
    expected === null
      ? await readIn((await detect()) ?? named ?? 'Latin')
      : await readIn(expected, isWorthRereadingIn(expected));
  if (isSureFit(first.fit)) return { script: first.fit.script, reading: first.reading };
  if (expected !== null) {
    const found = await detect();
    if (found !== null && !isRead(found)) await readIn(found);
    // No other script found: the page is read in full in the one of the pages before after all.
    else if (isCutShort) {
      readings.splice(readings.indexOf(first), 1);
      const full = await readIn(expected);
      if (isSureFit(full.fit)) return { script: full.fit.script, reading: full.reading };
    }
  }
  const latest = readings.at(-1);
  // The second reading is in the script OSD named, when the sample found some of its letters: on a worn page the
  // sample's weak readings rank the scripts by chance (a worn page of Arabic words beside their English: Latin 21
  // letters 55% sure, Cyrillic 9 at 46%, Arabic 9 at 44%, and OSD said Arabic); else in the sample's next best.
  const runnerUp = [named, ...ranked].find(
    (script): script is OcrScript => script !== null && ranked.includes(script) && !isRead(script),
  );
  if (latest !== undefined && !isSureFit(latest.fit) && runnerUp !== undefined) await readIn(runnerUp);
  const best = readings
    .filter(({ fit }) => isFit(fit))
    .reduce<(typeof readings)[number] | null>(
      (most, next) => (most && weight(most.fit) >= weight(next.fit) ? most : next),
      null,
    );
  return best === null ? null : { script: best.fit.script, reading: best.reading };
}

/** How much text in its script a reading holds: its letters by how surely they were read. */
const weight = (fit: ScriptFit) => fit.letters * fit.confidence;

/**
 * The script of a page from a sample of its lines (`sampleLines`) put upright: `hint` is tried first and kept if
 * its model reads the sample surely; otherwise every script is tried, and the one whose model reads the most of its
 * own letters, and the most surely, is kept: one that fits (`isFit`) before any other, else the best guess among
 * those whose letters are mostly the script's own (small print in ruled cells reads unsurely in any model; the
 * reading of the whole page decides). Chinese is tried with the simplified model, then told simplified or
 * traditional (`isTraditionalHan`). The scripts whose letters the sample holds, best first; none when the page has
 * no lines or no model reads them as text at all.
 */
async function tryScripts<Reading extends HocrReading>(
  readers: ScriptReaders<Reading>,
  turn: 0 | 90 | 180 | 270,
  hint: OcrScript | null,
): Promise<OcrScript[]> {
  const sample = sampleLines(await turnGreyImage(readers.image, turn), readers.dpi);
  if (sample === null) return [];
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
    // A fit of a few letters among many read by other models is a stray shape, not the sample's script.
    const most = Math.max(...tried.map(({ fit }) => fit.letters));
    const rank = ({ fit }: { fit: ScriptFit }) =>
      (isFit(fit) && fit.letters >= MIN_FIT_SHARE_OF_MOST * most ? 1e9 : 0) + weight(fit);
    const ranked = tried
      .filter(({ fit }) => fit.letters > 0 && fit.share >= MIN_GUESS_SHARE)
      .sort((a, b) => rank(b) - rank(a));
    const [best, ...others] = ranked;
    if (best === undefined) return [];
    const rest = others.map(({ fit }) => fit.script);
    if (best.fit.script !== 'SimplifiedHan') return [best.fit.script, ...rest];
    const han = isTraditionalHan(best.reading, await readSample('TraditionalHan'))
      ? 'TraditionalHan'
      : 'SimplifiedHan';
    return [han, ...rest];
  } finally {
    await rm(readers.samplePath, { force: true });
  }
}

/** A guess at a sample's script needs at least this share of its confident letters in that script. */
const MIN_GUESS_SHARE = 0.5;
/**
 * A script that fits a sample counts as found only with at least this share of the most letters any model read
 * there: on the corpus's bidi sample (Arabic words beside their English), the Chinese model read one character
 * 76% sure, and so "fit", where the Arabic and English models read 17 and 23 letters of their own.
 */
const MIN_FIT_SHARE_OF_MOST = 0.25;
