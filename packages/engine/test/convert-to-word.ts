import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pdfToWord } from '../src/ops/pdf-to-word.ts';
import type { JobContext } from '../src/ops/types.ts';
import { inputFile } from './job-context.ts';
import { readWordDocx, type Docx } from './word-docx.ts';

/** Converts the PDF at `path` with the options of a client that sends none, and reads the Word document made. */
export async function convertToWord(ctx: JobContext, path: string): Promise<Docx> {
  const result = await pdfToWord({ file: inputFile(path), options: { language: 'auto' } }, ctx);
  return readWordDocx(result.path);
}

/** Writes a PDF a test built into the job's directory as `name`, as the server writes uploads, and converts it. */
export async function convertBuiltToWord(ctx: JobContext, name: string, pdf: Buffer): Promise<Docx> {
  const path = join(ctx.workDir, name);
  await writeFile(path, pdf);
  return convertToWord(ctx, path);
}
