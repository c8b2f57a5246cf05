import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * What the office-to-PDF tools are held to, by their op tests and by `npm run bench office-to-pdf`: the same pages
 * and text as a cold `soffice --convert-to pdf` of the same file.
 */

/** Converts `path` with a new `soffice` and a new profile under `dir`, as a one-shot converter does; the PDF's path. */
export function coldSofficePdf(path: string, dir: string): string {
  const outDir = join(dir, `cold-${basename(path)}`);
  mkdirSync(outDir, { recursive: true });
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${join(outDir, 'profile')}`,
      '--headless',
      '--convert-to',
      'pdf',
      '--outdir',
      outDir,
      path,
    ],
    { stdio: 'ignore', timeout: 300_000 },
  );
  const pdf = readdirSync(outDir).find((name) => name.endsWith('.pdf'));
  if (!pdf) throw new Error(`soffice made no PDF of ${basename(path)}`);
  return join(outDir, pdf);
}

export function pdfPageCount(path: string): number {
  return Number(execFileSync('qpdf', ['--show-npages', path], { encoding: 'utf8' }).trim());
}

/** The text of each page, as pdftotext reads it (form feeds part the pages). */
export function pdfPageTexts(path: string): string[] {
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  return text.split('\f').slice(0, pdfPageCount(path));
}

/** How `ours` differs from `reference` in pages and in text (white space aside); empty when they agree. */
export function pdfDifferences(ours: string, reference: string): string[] {
  const differences: string[] = [];
  const [ourPages, referencePages] = [pdfPageCount(ours), pdfPageCount(reference)];
  if (ourPages !== referencePages) differences.push(`${ourPages} pages, cold soffice ${referencePages}`);
  const squeeze = (path: string) => pdfPageTexts(path).join('').replace(/\s+/g, '');
  const [ourText, referenceText] = [squeeze(ours), squeeze(reference)];
  if (ourText !== referenceText) {
    const first = [...ourText].findIndex((char, index) => char !== referenceText[index]);
    const at = first === -1 ? ourText.length : first;
    differences.push(
      `text differs from character ${at}: "${ourText.slice(at, at + 40)}" vs "${referenceText.slice(at, at + 40)}"`,
    );
  }
  return differences;
}
