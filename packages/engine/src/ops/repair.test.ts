import { execFileSync, spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { badPdfEntries, corpusPath, mustRepair, words } from '@quire/corpus';
import { AppError, type RepairEngine } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { inputFile, isEncrypted, qpdfCheck, useJobContext } from '../../test/job-context.ts';
import { repair } from './repair.ts';

const ctx = useJobContext(120_000);

const repairFile = (path: string, password?: string) =>
  repair({ file: inputFile(path, password), options: {} }, ctx);

/** What poppler still reads of a file: its pages, its text and its pictures; null when it reads no page of it. */
type Held = { pages: number; text: string; images: string[] };

function heldBy(path: string, password?: string): Held | null {
  const passwordArgs = password === undefined ? [] : ['-upw', password];
  const poppler = (tool: string, args: string[]) =>
    spawnSync(tool, [...passwordArgs, ...args, path, ...(tool === 'pdftotext' ? ['-'] : [])], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  const info = poppler('pdfinfo', []);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info.stdout)?.[1] ?? 0);
  if (info.status !== 0 || pages === 0) return null;
  // Each picture's page, type, size, colour space, components and bits: what `pdfimages -list` says of it.
  const images = poppler('pdfimages', ['-list'])
    .stdout.split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) =>
      line.trim().split(/\s+/).slice(0, 2).concat(line.trim().split(/\s+/).slice(2, 8)).join(' '),
    );
  return { pages, text: poppler('pdftotext', []).stdout, images };
}

/** A copy of a PDF whose `startxref` points half way to its cross-reference table. */
async function withStartxrefWrong(source: string): Promise<string> {
  const bytes = await readFile(source);
  const at = bytes.lastIndexOf('startxref');
  const offset = /^startxref\s+(\d+)/.exec(bytes.subarray(at).toString('latin1'))?.[1] ?? '';
  const wrong = String(Math.floor(Number(offset) / 2)).padStart(offset.length, '0');
  const start = bytes.indexOf(offset, at);
  const path = join(ctx.workDir, 'startxref-wrong.pdf');
  await writeFile(
    path,
    Buffer.concat([bytes.subarray(0, start), Buffer.from(wrong), bytes.subarray(start + offset.length)]),
  );
  return path;
}

/** A copy of a corpus file cut off after its last object: no cross-reference table, trailer or end marker. */
async function cutAfterLastObject(name: string): Promise<string> {
  const bytes = await readFile(corpusPath(name));
  const path = join(ctx.workDir, 'cut-short.pdf');
  await writeFile(path, bytes.subarray(0, bytes.lastIndexOf('endobj') + 'endobj\n'.length));
  return path;
}

async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/**
 * Damaged files of the corpus, each with the engine that rebuilds it, what is wrong with it and the pages it still
 * holds; for one poppler cannot read at all, words of its text that the rebuild shows.
 */
type RepairedCase = [name: string, engine: RepairEngine, problems: string, pageCount: number, phrase: string];
const REPAIRED: RepairedCase[] = [
  ['bad/qpdf_bad2_no-startxref.pdf', 'qpdf', 'cross-reference', 1, ''],
  ['bad/qpdf_bad4_invalid-xref-syntax.pdf', 'qpdf', 'cross-reference', 1, ''],
  ['bad/pdfjs_xref-keyword-missing.pdf', 'qpdf', 'cross-reference', 1, ''],
  ['bad/pdflib_missing-endobj.pdf', 'qpdf', 'cross-reference,objects,stream-lengths', 1, ''],
  ['bad/qpdf_append-xref-loop_prev-cycle_30p.pdf', 'qpdf', 'cross-reference', 30, ''],
  ['bad/qpdf_leading-junk-before-header_30p.pdf', 'qpdf', 'header', 30, ''],
  ['pdf/pdf2docx_cjk-tables-word365_5p.pdf', 'qpdf', 'cross-reference,objects', 5, ''],
  ['pdf/pdfbox_bidi-arabic-sample.pdf', 'qpdf', 'cross-reference', 1, ''],
  ['bad/qpdf_issue202_nested-dicts-137k-deep.pdf', 'mupdf', 'cross-reference,objects', 10, ''],
  ['bad/qpdf_bad7_no-trailer-dict.pdf', 'mupdf', 'cross-reference,objects', 1, 'Potato'],
  ['bad/pdflib_missing-xref-trailer-dict.pdf', 'mupdf', 'cross-reference,objects,end', 1, 'PDF 2.0 document'],
  ['bad/pdflib_invalid-root-ref.pdf', 'ghostscript', 'cross-reference,objects', 1, 'General Notes'],
  ['bad/qpdf_pages-loop_cyclic-page-tree.pdf', 'ghostscript', 'page-tree', 1, ''],
];

describe('repair', () => {
  it('repairs every damaged file of the corpus that must be repaired', () => {
    const repaired = new Set(REPAIRED.map(([name]) => name));
    for (const entry of badPdfEntries().filter(mustRepair)) expect(repaired).toContain(entry.name);
  });

  it.each(REPAIRED)(
    '%s: rebuilt by %s (%s), keeping its %i pages, their text and pictures',
    async (name, engine, problems, pageCount, phrase) => {
      const source = corpusPath(name);
      const held = heldBy(source);
      const result = await repairFile(source);
      expect(result.report).toEqual({
        values: { pageCount, engine, problems },
        notices: [{ code: 'FILE_REPAIRED', fileIndex: 0 }],
      });
      expect(qpdfCheck(result.path).ok).toBe(true);
      const kept = heldBy(result.path);
      expect(kept?.pages).toBe(pageCount);
      if (held === null) {
        expect(kept?.text).toContain(phrase);
        return;
      }
      expect(held.pages).toBe(pageCount);
      expect(kept?.images).toEqual(held.images);
      // Ghostscript writes the text anew: the same words, in the same order.
      if (engine === 'ghostscript') expect(words(kept?.text ?? '')).toEqual(words(held.text));
      else expect(kept?.text).toBe(held.text);
    },
  );

  // Five scanned pages, their text read: every page a picture.
  const SCANS = 'pdf/pypdf_epson-scan_indirect-rotate-5p.pdf';

  it('rebuilds with qpdf a file whose startxref points to the wrong place, keeping every page, text and picture', async () => {
    const held = heldBy(corpusPath(SCANS));
    const damaged = await withStartxrefWrong(corpusPath(SCANS));
    expect(heldBy(damaged)).toEqual(held);
    const result = await repairFile(damaged);
    expect(result.report.values).toEqual({ pageCount: 5, engine: 'qpdf', problems: 'cross-reference' });
    expect(held?.images).toHaveLength(5);
    expect(heldBy(result.path)).toEqual(held);
  });

  it('rebuilds with MuPDF a file cut off after its last object, keeping every page, text and picture', async () => {
    const damaged = await cutAfterLastObject(SCANS);
    // poppler reads nothing of it, as qpdf: the original says what it still holds.
    expect(heldBy(damaged)).toBeNull();
    const result = await repairFile(damaged);
    expect(result.report.values).toEqual({ pageCount: 5, engine: 'mupdf', problems: 'cross-reference,end' });
    expect(qpdfCheck(result.path).ok).toBe(true);
    expect(heldBy(result.path)).toEqual(heldBy(corpusPath(SCANS)));
  });

  it('asks for the password of a damaged protected file, and writes its repair without one', async () => {
    // Locked with a cross-reference table and trailer of the classic kind, which qpdf rebuilds with the password.
    const locked = join(ctx.workDir, 'locked.pdf');
    const source = corpusPath('pdf/pysamples_outline-bookmarks_4p.pdf');
    execFileSync('qpdf', [
      '--object-streams=disable',
      '--encrypt',
      'view',
      'master',
      '256',
      '--',
      source,
      locked,
    ]);
    const damaged = await withStartxrefWrong(locked);
    expect((await refusalOf(repairFile(damaged))).code).toBe('PASSWORD_REQUIRED');
    expect((await refusalOf(repairFile(damaged, 'not-it'))).code).toBe('PASSWORD_INCORRECT');
    const result = await repairFile(damaged, 'view');
    expect(result.report).toEqual({
      values: { pageCount: 4, engine: 'qpdf', problems: 'cross-reference' },
      notices: [
        { code: 'FILE_REPAIRED', fileIndex: 0 },
        { code: 'PASSWORD_REMOVED', fileIndex: 0 },
      ],
    });
    expect(isEncrypted(result.path)).toBe(false);
    expect(heldBy(result.path)).toEqual(heldBy(locked, 'view'));
  });

  it.each([
    'bad/pypdf_vicksburg-linearized_truncated-at-100000-bytes.pdf',
    'bad/pysamples_4pages_truncated-at-12000-bytes.pdf',
    'bad/qpdf_issue335a_nul-filled-tail.pdf',
    'bad/qpdf_issue146_nested-arrays-20k-deep.pdf',
  ])('refuses %s, damaged beyond repair (FILE_DAMAGED)', async (name) => {
    const error = await refusalOf(repairFile(corpusPath(name)));
    const fileName = name.slice('bad/'.length);
    expect(error).toMatchObject({
      code: 'FILE_DAMAGED',
      message: `"${fileName}" is damaged beyond repair.`,
      details: { fileIndex: 0, fileName },
    });
  });

  it.each([
    ['pdf/pysamples_outline-bookmarks_4p.pdf', 4],
    // Its pictures' data is 4 bytes each, which no engine can make whole: a repair mends the file's structure.
    ['bad/pdfjs_issue18042_huge-images-4-byte-data.pdf', 4],
  ])(
    'hands the intact %s back as it was, byte for byte, saying nothing was wrong',
    async (name, pageCount) => {
      const source = corpusPath(name);
      const result = await repairFile(source);
      expect(result.report).toEqual({ values: { pageCount, engine: 'none', problems: 'none' }, notices: [] });
      expect((await readFile(result.path)).equals(await readFile(source))).toBe(true);
    },
  );
});
