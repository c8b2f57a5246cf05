import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { installedLibreOfficeVersion } from '@quire/engine/libreoffice-version';

/**
 * What the office-to-PDF tools are held to, by their op tests and by `npm run bench office-to-pdf`: the same pages
 * and text as a cold `soffice --convert-to pdf` of the same file.
 */

/**
 * The settings a fresh `soffice` profile starts with here: the installed version as the last one the profile ran,
 * as the engine's hardened profile sets it (`engine/src/libreoffice/hardened-profile.ts`). On a profile without it,
 * every start runs LibreOffice's graphics render tests: ≈ 6 of the ≈ 8 CPU-seconds a one-shot conversion took.
 * Nothing in it changes what a document converts to.
 */
export function seedSofficeProfile(profileDir: string): void {
  mkdirSync(join(profileDir, 'user'), { recursive: true });
  writeFileSync(
    join(profileDir, 'user', 'registrymodifications.xcu'),
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema"' +
      ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n' +
      '<item oor:path="/org.openoffice.Setup/Product"><prop oor:name="ooSetupLastVersion" oor:op="fuse">' +
      `<value>${installedLibreOfficeVersion() ?? ''}</value></prop></item>\n</oor:items>\n`,
  );
}

/** Converts `path` with a new `soffice` and a new profile under `dir`, as a one-shot converter does; the PDF's path. */
export function coldSofficePdf(path: string, dir: string): string {
  return coldSofficePdfs([path], dir)[0] ?? '';
}

/**
 * Converts each of `paths` with one new `soffice` and a new profile under `dir` (one start for all: a start costs
 * more than most conversions), as a one-shot converter does; the PDFs' paths, in the same order.
 */
export function coldSofficePdfs(paths: readonly string[], dir: string): string[] {
  const stems = paths.map((path) => basename(path).replace(/\.[^.]*$/, ''));
  if (new Set(stems).size !== stems.length) throw new Error('soffice would write two PDFs of the same name');
  const outDir = join(dir, `cold-${basename(paths[0] ?? 'none')}-${paths.length}`);
  mkdirSync(outDir, { recursive: true });
  seedSofficeProfile(join(outDir, 'profile'));
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${join(outDir, 'profile')}`,
      '--headless',
      '--convert-to',
      'pdf',
      '--outdir',
      outDir,
      ...paths,
    ],
    { stdio: 'ignore', timeout: 300_000 },
  );
  const made = new Set(readdirSync(outDir));
  return stems.map((stem, index) => {
    if (!made.has(`${stem}.pdf`)) throw new Error(`soffice made no PDF of ${basename(paths[index] ?? '')}`);
    return join(outDir, `${stem}.pdf`);
  });
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
