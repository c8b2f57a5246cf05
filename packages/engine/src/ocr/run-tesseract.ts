import { readFile } from 'node:fs/promises';
import { AppError } from '@quire/shared';
import { runProcess } from '../process/run-process.ts';
import { readHocr, type HocrReading } from './read-hocr.ts';

/**
 * Address-space cap of one Tesseract run. Reading a 25-megapixel page with the Chinese models peaks near 400 MB
 * resident; the cap leaves room for the libraries' reservations and stops a page that would take the machine.
 */
const TESSERACT_MAX_MEMORY_BYTES = 2 * 1024 * 1024 * 1024;

export type PageRecognition = HocrReading & {
  /**
   * Tesseract's text-only PDF of the page (invisible words, placed word by word, on a page of the image's size),
   * when it was asked for.
   */
  textPdfPath: string | null;
};

/**
 * How Tesseract finds the text on a page: `auto`, its page segmentation with orientation detection (`--psm 1`: a
 * page scanned sideways or upside down is read all the same, columns apart); `column`, the page as one column of
 * text of any sizes (`--psm 4`), for a page whose segmentation left lines out; `block`, one block of lines of the
 * same size (`--psm 6`), for a sample of a page's lines.
 */
export type PageSegmentation = 'auto' | 'column' | 'block';
const PSM: Readonly<Record<PageSegmentation, string>> = { auto: '1', column: '4', block: '6' };

/**
 * Reads one page image with Tesseract, its page segmentation as asked (`PageSegmentation`), one thread (a job slot
 * is one core: OpenMP's threads only fight the other jobs for it), and the hOCR (words and lines with their boxes,
 * pictures, confidence, orientation), with the text-only PDF (`textonly_pdf`, a layer to graft onto the page) from
 * the same run when `withTextLayer`.
 */
export async function runTesseract(
  imagePath: string,
  outputBase: string,
  models: string,
  dpi: number,
  limits: { signal: AbortSignal; timeoutMs: number },
  { segmentation, withTextLayer }: { segmentation: PageSegmentation; withTextLayer: boolean },
): Promise<PageRecognition> {
  const result = await runProcess(
    'tesseract',
    [
      imagePath,
      outputBase,
      '-l',
      models,
      '--psm',
      PSM[segmentation],
      '--dpi',
      String(dpi),
      ...(withTextLayer ? ['-c', 'textonly_pdf=1', 'pdf'] : []),
      'hocr',
    ],
    { timeoutMs: limits.timeoutMs, maxMemoryBytes: TESSERACT_MAX_MEMORY_BYTES },
    limits.signal,
    { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', OMP_THREAD_LIMIT: '1' },
  );
  if (result.exitCode !== 0) {
    throw new AppError('CONVERSION_FAILED', 'The text of a scanned page could not be recognised.');
  }
  const hocr = await readFile(`${outputBase}.hocr`, 'utf8');
  return { ...readHocr(hocr), textPdfPath: withTextLayer ? `${outputBase}.pdf` : null };
}

/**
 * The clockwise turn that puts a page image's text upright and the script its characters look like, as Tesseract's
 * orientation and script detection (OSD) sees them (`Latin`, `Han`, `Cyrillic`…); a turn of 0 and no script when it
 * cannot tell (too little text).
 */
export async function detectOrientation(
  imagePath: string,
  dpi: number,
  limits: { signal: AbortSignal; timeoutMs: number },
): Promise<{ turn: 0 | 90 | 180 | 270; script: string | null }> {
  const result = await runProcess(
    'tesseract',
    [imagePath, '-', '--psm', '0', '-l', 'osd', '--dpi', String(dpi)],
    { timeoutMs: limits.timeoutMs, maxMemoryBytes: TESSERACT_MAX_MEMORY_BYTES },
    limits.signal,
    { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', OMP_THREAD_LIMIT: '1' },
  );
  if (result.exitCode !== 0) return { turn: 0, script: null };
  const turn = Number(/^Rotate: (\d+)$/m.exec(result.stdout)?.[1] ?? 0);
  return {
    turn: turn === 90 || turn === 180 || turn === 270 ? turn : 0,
    script: /^Script: (\w+)$/m.exec(result.stdout)?.[1] ?? null,
  };
}
