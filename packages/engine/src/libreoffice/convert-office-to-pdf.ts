import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, type ToolId } from '@quire/shared';
import type { InputFile, JobContext } from '../ops/types.ts';
import { isQpdfSuccess, runQpdf } from '../qpdf/run-qpdf.ts';
import { detectOfficeFormat } from './detect-office-format.ts';
import { OFFICE_FAMILIES, type OfficeConversion, type OfficeFamily } from './office-formats.ts';
import { TEXT_LOAD_FILTER, csvLoadFilter, decodeText, detectSeparator } from './text-input.ts';
import { convertInWarmOffice } from './warm-office.ts';

export type OfficeToPdfRequest = {
  tool: ToolId;
  family: OfficeFamily;
  /** Spreadsheets: each sheet's columns scaled to the page width. */
  fitWidth?: boolean;
};

/**
 * Converts one office upload to PDF at `outputPath`: detects the format from the bytes (plain text, a CSV or a
 * text document, is re-encoded to UTF-8 first, and a CSV's separator chosen: `text-input.ts`), converts in the
 * warm sandboxed LibreOffice, then checks the result with qpdf, because LibreOffice reports success for documents
 * it could not really read. Logs one line per attempt, without the visitor's file name.
 */
export async function convertOfficeToPdf(
  file: InputFile,
  outputPath: string,
  request: OfficeToPdfRequest,
  ctx: JobContext,
): Promise<void> {
  const started = performance.now();
  let outcome = 'OK';
  try {
    const format = await detectOfficeFormat(file, request.family);
    let inputPath = file.path;
    let loadFilter: OfficeConversion['loadFilter'];
    if (format === 'csv' || format === 'txt') {
      const text = decodeText(new Uint8Array(await readFile(file.path)));
      inputPath = join(ctx.workDir, `input-utf8.${format}`);
      await writeFile(inputPath, text);
      loadFilter = format === 'csv' ? csvLoadFilter(detectSeparator(text)) : TEXT_LOAD_FILTER;
    }
    const conversion: OfficeConversion = {
      format,
      pdfFilter: OFFICE_FAMILIES[request.family].pdfFilter,
      loadFilter,
      fitWidth: request.fitWidth,
      sheetName: format === 'csv' ? file.name.replace(/\.[^.]*$/, '') : undefined,
    };
    const result = await convertInWarmOffice(inputPath, conversion, outputPath, ctx);
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
      `${JSON.stringify({ event: 'libreoffice', tool: request.tool, inputBytes: input, outputBytes: output, durationMs, outcome })}\n`,
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
