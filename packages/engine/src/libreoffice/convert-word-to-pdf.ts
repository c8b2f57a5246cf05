import { stat } from 'node:fs/promises';
import { AppError } from '@quire/shared';
import type { InputFile, JobContext } from '../ops/types.ts';
import { isQpdfSuccess, runQpdf } from '../qpdf/run-qpdf.ts';
import { detectWordFormat } from './detect-word-format.ts';
import { convertInWarmOffice } from './warm-office.ts';

/**
 * Converts one Word upload to PDF at `outputPath`: detects the format from the bytes, converts in the warm
 * sandboxed LibreOffice, then checks the result with qpdf, because LibreOffice reports success for documents
 * it could not really read. Logs one line per attempt.
 */
export async function convertWordToPdf(file: InputFile, outputPath: string, ctx: JobContext): Promise<void> {
  const started = performance.now();
  let outcome = 'OK';
  try {
    const format = await detectWordFormat(file);
    const result = await convertInWarmOffice(file.path, format, outputPath, ctx);
    const details = { fileIndex: 0, fileName: file.name };
    if (result.kind === 'crashed') {
      throw new AppError('CONVERSION_FAILED', `The converter stopped while reading "${file.name}".`, details);
    }
    if (result.kind === 'failed' || (await pageCount(outputPath, ctx)) < 1) {
      throw new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be converted.`, details);
    }
  } catch (error) {
    outcome = error instanceof AppError ? error.code : 'INTERNAL';
    throw error;
  } finally {
    const [input, output] = await Promise.all([sizeOf(file.path), sizeOf(outputPath)]);
    const durationMs = Math.round(performance.now() - started);
    process.stderr.write(
      `${JSON.stringify({ event: 'libreoffice', tool: 'word-to-pdf', inputBytes: input, outputBytes: output, durationMs, outcome })}\n`,
    );
  }
}

async function pageCount(path: string, ctx: JobContext): Promise<number> {
  if ((await sizeOf(path)) === 0) return 0;
  const result = await runQpdf(['--show-npages', path], ctx);
  return isQpdfSuccess(result) ? Number.parseInt(result.stdout.trim(), 10) || 0 : 0;
}

async function sizeOf(path: string): Promise<number> {
  return (await stat(path).catch(() => null))?.size ?? 0;
}
