import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusEntries, corpusPath, featureValue } from '@quire/corpus';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { checkWithQpdf, useJobContext, inputFile, qpdfPageCount } from '../../test/job-context.ts';
import { split } from './split.ts';

const ctx = useJobContext();

const PAPER = 'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf';

async function splitToEntries(
  name: string,
  options: { mode: 'pages' | 'range'; pageRange?: string },
  password?: string,
) {
  const file = { ...inputFile(corpusPath(name), password), name: 'report.pdf' };
  const result = await split({ file: file, options: { pageRange: undefined, ...options } }, ctx);
  const entries = unzipSync(readFileSync(result.path));
  const dir = join(ctx.workDir, 'unzipped');
  execFileSync('mkdir', ['-p', dir]);
  for (const [entry, bytes] of Object.entries(entries)) await writeFile(join(dir, entry), bytes);
  return { zipPath: result.path, names: Object.keys(entries), dir };
}

describe('split, one PDF per page', () => {
  const pdfs = corpusEntries().filter((entry) => entry.group === 'pdf' && (entry.pages ?? 0) <= 40);
  it.each(pdfs.map((entry) => [entry.name, entry] as const))(
    '%s: one clean piece per page',
    async (_name, entry) => {
      const { names, dir } = await splitToEntries(
        entry.name,
        { mode: 'pages' },
        featureValue(entry, 'user-password'),
      );
      // Numbered to the width of the page count, so that the pieces sort in page order everywhere.
      const width = String(entry.pages).length;
      expect(names).toEqual(
        Array.from(
          { length: entry.pages ?? 0 },
          (_, index) => `report-p${String(index + 1).padStart(width, '0')}.pdf`,
        ),
      );
      for (const name of names.slice(0, 3)) {
        const check = checkWithQpdf(join(dir, name));
        expect(check.ok, check.output).toBe(true);
        expect(check.pageCount).toBe(1);
        expect(check.isEncrypted).toBe(false);
      }
    },
  );

  it('keeps each piece to the resources its page uses: the zip is within 1.1× of qpdf --split-pages', async () => {
    const name = 'pdf/pdf2docx_demo_text-images-6p.pdf';
    const { zipPath } = await splitToEntries(name, { mode: 'pages' });
    const reference = await mkdtemp(join(tmpdir(), 'quire-qpdf-split-'));
    try {
      execFileSync('qpdf', ['--split-pages', corpusPath(name), join(reference, 'page.pdf')]);
      const referenceBytes = readdirSync(reference).reduce(
        (sum, file) => sum + statSync(join(reference, file)).size,
        0,
      );
      expect(statSync(zipPath).size).toBeLessThanOrEqual(referenceBytes * 1.1);
    } finally {
      await rm(reference, { recursive: true, force: true });
    }
  });
});

describe('split by page ranges (spec A.4)', () => {
  it('writes one PDF per item, in the order given, named for what it holds', async () => {
    const { names, dir } = await splitToEntries(PAPER, { mode: 'range', pageRange: '10-, 1-5, 3' });
    expect(names).toEqual(['report-p10-14.pdf', 'report-p01-05.pdf', 'report-p03.pdf']);
    expect(names.map((name) => qpdfPageCount(join(dir, name)))).toEqual([5, 5, 1]);
  });

  it('names the item that is out of range', async () => {
    await expect(splitToEntries(PAPER, { mode: 'range', pageRange: '1-3, 12-20' })).rejects.toMatchObject({
      code: 'INVALID_PAGE_RANGE',
      message: '"12-20": the document has 14 pages.',
      details: { item: '12-20', reason: 'outOfRange', pageCount: 14 },
    });
  });

  it('refuses reversed, zero and malformed items', async () => {
    for (const [pageRange, reason] of [
      ['5-3', 'reversed'],
      ['0', 'zero'],
      ['1..2', 'malformed'],
      ['', 'empty'],
    ]) {
      await expect(splitToEntries(PAPER, { mode: 'range', pageRange })).rejects.toMatchObject({
        code: 'INVALID_PAGE_RANGE',
        details: { reason },
      });
    }
  });

  it('refuses a list whose items add up to more pages than a document may have', async () => {
    // 143 copies of the 14-page paper are 2,002 pages: a short list must not become thousands of files.
    const pageRange = Array.from({ length: 143 }, () => '1-').join(',');
    await expect(splitToEntries(PAPER, { mode: 'range', pageRange })).rejects.toMatchObject({
      code: 'INVALID_PAGE_RANGE',
      details: { reason: 'tooManyPages' },
    });
    expect((await splitToEntries(PAPER, { mode: 'range', pageRange: '1-,1-' })).names).toHaveLength(2);
  });
});

describe('split of protected and damaged files', () => {
  it('asks for a password, and splits with it', async () => {
    const name = 'pdf/qpdf_encrypted-aes256_user-view_owner-master_30p.pdf';
    await expect(splitToEntries(name, { mode: 'pages' })).rejects.toMatchObject({
      code: 'PASSWORD_REQUIRED',
    });
    const { names } = await splitToEntries(name, { mode: 'range', pageRange: '2-4' }, 'view');
    expect(names).toEqual(['report-p02-04.pdf']);
  });

  it('refuses a file damaged beyond repair', async () => {
    await expect(
      splitToEntries('bad/pysamples_4pages_truncated-at-12000-bytes.pdf', { mode: 'pages' }),
    ).rejects.toMatchObject({
      code: 'FILE_DAMAGED',
    });
  });
});
