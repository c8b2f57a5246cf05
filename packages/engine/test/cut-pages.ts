import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import * as mupdf from 'mupdf';
import { expect } from 'vitest';

/** The image streams of a PDF, soft masks included, each by its width, height and filter, sorted. */
export async function imageStreams(path: string): Promise<string[]> {
  const pdf = new mupdf.PDFDocument(await readFile(path));
  const found: string[] = [];
  for (let num = 1; num < pdf.countObjects(); num += 1) {
    const object = pdf.newIndirect(num);
    if (object.isStream() && object.get('Subtype').asName() === 'Image') {
      found.push(['Width', 'Height', 'Filter'].map((key) => object.get(key).toString()).join(' '));
    }
  }
  pdf.destroy();
  return found.sort();
}

/**
 * Writes `pages` (qpdf's page list: "24,25,31") of the PDF at `source` into a file of `dir`, as qpdf cuts them out,
 * and checks that they carry every image stream of the whole file. Gives the new file's path.
 */
export async function cutPagesWithEveryImage(source: string, pages: string, dir: string): Promise<string> {
  const path = join(dir, `pages-${pages.replaceAll(',', '-')}-of-${basename(source)}`);
  execFileSync('qpdf', ['--empty', '--pages', source, pages, '--', path]);
  const [whole, cut] = await Promise.all([imageStreams(source), imageStreams(path)]);
  expect(whole.length).toBeGreaterThan(0);
  expect(cut).toEqual(whole);
  return path;
}
