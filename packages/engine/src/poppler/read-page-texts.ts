import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '@quire/shared';
import type { InputFile } from '../ops/types.ts';
import { toLogicalLines } from './logical-lines.ts';
import { runPoppler } from './run-poppler.ts';

/**
 * Reads the text of every page of a PDF (`sourcePath`, decrypted) with poppler's `pdftotext` in its reading-order
 * mode (no `-layout`, which pads lines to the page's width and keeps two columns side by side on each line), and
 * puts right-to-left lines in logical order (`toLogicalLines`). Chosen over MuPDF's structured text by measuring
 * both on the corpus (`npm run bench to-text` holds it against `pdftotext -layout`): on the two-column paper the
 * two read column after column alike (and in about the same time); on Arabic and Hebrew MuPDF 1.28 wrote Arabic-Indic
 * numbers backwards (`٤٣٤١` for `١٤٣٤`), put the final question mark of a Hebrew sentence at its start and turned a
 * two-word Arabic phrase round, where pdftotext's marked runs can be put right. One corpus file goes the other way:
 * WeasyPrint's shaped Arabic (`habibi`), which pdftotext spells backwards and MuPDF reads right. Gives one string
 * per page, without its form feed; lines end with `\n`.
 */
export async function readPageTexts(
  sourcePath: string,
  pageCount: number,
  file: InputFile,
  workDir: string,
  limits: { signal: AbortSignal; timeoutMs: number },
): Promise<string[]> {
  const outputPath = join(workDir, 'page-texts.txt');
  const failed = () =>
    new AppError('CONVERSION_FAILED', `The text of "${file.name}" could not be read.`, {
      fileIndex: 0,
      fileName: file.name,
    });
  try {
    const result = await runPoppler(
      'pdftotext',
      ['-enc', 'UTF-8', '-eol', 'unix', sourcePath, outputPath],
      limits,
    );
    if (result.exitCode !== 0) throw failed();
    // Each page ends with a form feed: the piece after the last one is empty.
    const pages = toLogicalLines(await readFile(outputPath, 'utf8')).split('\f');
    if (pages.length !== pageCount + 1) throw failed();
    return pages.slice(0, pageCount);
  } finally {
    await rm(outputPath, { force: true });
  }
}
