import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_PAGE_TREE_NODES, MAX_PAGES } from '@quire/shared';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { createPageTreeCycle, writePdf } from '@quire/test-kit/hostile-pdfs';
import { qpdfPageCount, useJobContext } from '../../test/job-context.ts';
import {
  createDeepPageTreePdf,
  createDoublingTreePdf,
  createLoopingTreePdf,
  createLyingCountPdf,
  createLyingRootPdf,
  createPoisonedTailPdf,
  createRepeatedPagePdf,
  createSharedSubtreePdf,
} from '@quire/test-kit/page-tree-pdfs';
import { readPageTree, type PageTreeReading } from './read-page-tree.ts';

const ctx = useJobContext();

async function read(bytes: Buffer, maxPages = MAX_PAGES, shouldFlatten = false): Promise<PageTreeReading> {
  const path = join(ctx.workDir, 'tree.pdf');
  await writeFile(path, bytes);
  return readPageTree(path, undefined, maxPages, shouldFlatten);
}

/** Pages as each engine sees them: qpdf's walk, qpdf's and poppler's /Count, MuPDF's page count. */
function pagesPerEngine(path: string) {
  const json = JSON.parse(
    execFileSync('qpdf', ['--json', '--json-key=pages', path], { encoding: 'utf8' }),
  ) as {
    pages: unknown[];
  };
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
  const doc = new mupdf.PDFDocument(readFileSync(path));
  try {
    return {
      qpdfWalk: json.pages.length,
      qpdfCount: qpdfPageCount(path),
      poppler: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]),
      mupdf: doc.countPages(),
    };
  } finally {
    doc.destroy();
  }
}

/** Two honest pages, but MuPDF would take the first one's size from a node that does not list it. */
function createWrongParentPdf(): Buffer {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [5 0 R 6 0 R] /Count 2 /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> >>',
    { dict: '<< >>', stream: Buffer.from('BT /F1 24 Tf 72 300 Td (page) Tj ET') },
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Page /Parent 7 0 R /Contents 3 0 R >>',
    '<< /Type /Page /Contents 3 0 R >>',
    '<< /Type /Pages /Kids [] /Count 0 /MediaBox [0 0 100 100] >>',
  ]);
}

describe('readPageTree counts pages from the tree, not from /Count', () => {
  it('reads an honest tree as sound', async () => {
    expect(await read(createLyingCountPdf(3, 3))).toMatchObject({
      status: 'counted',
      pageCount: 3,
      isSound: true,
      flattened: null,
    });
  });

  it.each([
    ['/Count 1 over 1500 pages', createLyingCountPdf(1500, 1), 1500],
    ['/Count 1 over 15 nodes of 100 pages', createLyingRootPdf(1500, 1), 1500],
    ['/Count 5000 over 15 nodes of 100 pages', createLyingRootPdf(1500, 5000), 1500],
    ['/Count 100000 over 3 pages', createLyingCountPdf(3, 100_000), 3],
    ['/Count -1', createLyingCountPdf(3, -1), 3],
    ['/Count 1.5', createLyingCountPdf(3, '1.5'), 3],
    ['/Count (3), a string', createLyingCountPdf(3, '(3)'), 3],
    ['no /Count', createLyingCountPdf(3, null), 3],
    ['one page listed three times', createRepeatedPagePdf(3, 3), 3],
    ['100 nulls in /Kids before a page', createRepeatedPagePdf(100, 1, 'null'), 1],
    ['a tree 100 levels deep', createDeepPageTreePdf(100), 1],
    ['pages whose /Parent is another node, or missing', createWrongParentPdf(), 2],
  ])(
    '%s: counts the real pages and flattens the tree so every engine reads them',
    async (_what, bytes, pages) => {
      const reading = await read(bytes, MAX_PAGES, true);
      expect(reading).toMatchObject({ status: 'counted', pageCount: pages, isSound: false });
      const flattened = reading.status === 'counted' ? reading.flattened : null;
      expect(flattened).not.toBeNull();
      const flatPath = join(ctx.workDir, 'flat.pdf');
      await writeFile(flatPath, flattened ?? new Uint8Array());
      expect(await readPageTree(flatPath, undefined, MAX_PAGES)).toMatchObject({
        status: 'counted',
        pageCount: pages,
        isSound: true,
      });
      expect(pagesPerEngine(flatPath)).toEqual({
        qpdfWalk: pages,
        qpdfCount: pages,
        poppler: pages,
        mupdf: pages,
      });
    },
  );

  it('keeps what each page inherited along its own branch when it flattens', async () => {
    // Page 6 sits under a node that turns it and makes it A5; page 7 inherits the root's letter size.
    const bytes = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [5 0 R 7 0 R] /Count 1 /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> >>',
      { dict: '<< >>', stream: Buffer.from('BT /F1 24 Tf 72 300 Td (page) Tj ET') },
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      '<< /Type /Pages /Parent 2 0 R /Kids [6 0 R] /Count 1 /Rotate 90 /MediaBox [0 0 420 595] >>',
      '<< /Type /Page /Parent 5 0 R /Contents 3 0 R >>',
      '<< /Type /Page /Parent 2 0 R /Contents 3 0 R >>',
    ]);
    const reading = await read(bytes, MAX_PAGES, true);
    const flatPath = join(ctx.workDir, 'flat.pdf');
    await writeFile(flatPath, reading.status === 'counted' ? (reading.flattened ?? '') : '');
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '2', flatPath], { encoding: 'utf8' });
    expect(info).toMatch(/^Page\s+1 size:\s+420 x 595 pts/m);
    expect(info).toMatch(/^Page\s+1 rot:\s+90$/m);
    expect(info).toMatch(/^Page\s+2 size:\s+612 x 792 pts/m);
    expect(info).toMatch(/^Page\s+2 rot:\s+0$/m);
    // The copy's own fonts still draw the text of both pages.
    expect(execFileSync('pdftotext', [flatPath, '-'], { encoding: 'utf8' }).match(/page/g)).toHaveLength(2);
  });

  it(`refuses ${MAX_PAGES + 1000} real pages behind /Count 1 as too many`, async () => {
    expect(await read(createLyingCountPdf(MAX_PAGES + 1000, 1))).toEqual({ status: 'too-many-pages' });
    expect(await read(createLyingRootPdf(MAX_PAGES + 1000, 1))).toEqual({ status: 'too-many-pages' });
    expect(await read(createLyingCountPdf(301, 1), 300)).toEqual({ status: 'too-many-pages' });
  });

  it('stops counting at the first page over the cap, before reading the rest of the tree', async () => {
    // The entries after page cap + 1 name an object whose reading makes MuPDF repair the file.
    const bytes = createPoisonedTailPdf(MAX_PAGES + 1, 3);
    expect(await read(bytes)).toEqual({ status: 'too-many-pages' });
    // The poison works: a count allowed to go on reads it and sees a file it had to repair.
    expect(await read(bytes, MAX_PAGES + 10)).toEqual({ status: 'unreadable' });
  });

  it('counts a page listed a million times (6 MB of /Kids) up to the cap and stops', async () => {
    expect(await read(createRepeatedPagePdf(1_000_000))).toEqual({ status: 'too-many-pages' });
  });

  it(`stops after ${MAX_PAGE_TREE_NODES} entries that are not pages: a tree 10,000 levels deep, a /Kids of nulls`, async () => {
    expect(await read(createDeepPageTreePdf(10_000))).toEqual({ status: 'too-many-nodes' });
    expect(await read(createRepeatedPagePdf(MAX_PAGE_TREE_NODES + 1, 1, 'null'))).toEqual({
      status: 'too-many-nodes',
    });
    expect(await read(createDeepPageTreePdf(MAX_PAGE_TREE_NODES - 1))).toMatchObject({
      status: 'counted',
      pageCount: 1,
    });
  });

  it('reads a tree 32 levels deep as sound', async () => {
    expect(await read(createDeepPageTreePdf(32, 3))).toMatchObject({
      status: 'counted',
      pageCount: 3,
      isSound: true,
    });
  });

  it.each([
    ['a /Kids entry pointing at an ancestor', createPageTreeCycle()],
    ['a node whose /Kids leads back to the root', createLoopingTreePdf(2)],
    ['one subtree of 1500 pages listed twice', createSharedSubtreePdf(1500, 2)],
    ['the same, claiming 1500 pages', createSharedSubtreePdf(1500, 2, 1500)],
    ['40 levels each listing the next twice (2^40 pages to a naive walk)', createDoublingTreePdf(40)],
  ])('stops at an inner node reached twice: %s', async (_what, bytes) => {
    expect(await read(bytes)).toEqual({ status: 'revisited' });
  });

  it('leaves a file that is not a PDF, or has no page tree, to the caller', async () => {
    expect(await read(Buffer.from('not a pdf at all'))).toEqual({ status: 'unreadable' });
    const noPages = writePdf(['<< /Type /Catalog >>']);
    expect(await read(noPages)).toMatchObject({ status: 'counted', pageCount: 0, isSound: false });
  });
});
