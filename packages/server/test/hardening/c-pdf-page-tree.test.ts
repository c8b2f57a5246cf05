import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_PAGE_TREE_NODES, MAX_PAGES } from '@quire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDeepPageTreePdf,
  createLyingCountPdf,
  createRepeatedPagePdf,
  createSharedSubtreePdf,
} from '@quire/test-kit/page-tree-pdfs';
import { createTestApp, type TestApp } from '@quire/test-kit/test-app';
import { expectOutput, expectRefusal, expectStillServing, postTool, readZipDirectory } from './harness.ts';

/**
 * Hardening item 29, second form, through the HTTP routes and the real worker pool: page caps are counted from the
 * page tree, not from the /Count it claims. 3000 real pages behind `/Count 1` (a 270 KB upload) are refused by
 * merge, split and rotate before any work; a file whose /Count lies but whose real pages are within the cap comes
 * back with exactly its real pages, every one of them processed.
 */

const OVER_CAP = createLyingCountPdf(3000, 1);

let testApp: TestApp;
let scratch: string;
beforeAll(async () => {
  testApp = await createTestApp();
  scratch = await mkdtemp(join(tmpdir(), 'quire-page-tree-'));
});
afterAll(async () => {
  await testApp.close();
  await rm(scratch, { recursive: true, force: true });
});

/** Pages of a PDF answer, as qpdf walks its tree; its /Count (what MuPDF and poppler believe) must agree. */
async function pagesOf(pdf: Buffer): Promise<{ walked: number; rotated: number }> {
  const path = join(scratch, 'answer.pdf');
  await writeFile(path, pdf);
  const json = JSON.parse(
    execFileSync('qpdf', ['--json', '--json-key=pages', path], { encoding: 'utf8' }),
  ) as {
    pages: unknown[];
  };
  const walked = json.pages.length;
  expect(Number(execFileSync('qpdf', ['--show-npages', path], { encoding: 'utf8' }))).toBe(walked);
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', String(walked), path], { encoding: 'utf8' });
  return { walked, rotated: info.match(/^Page\s+\d+ rot:\s+90$/gm)?.length ?? 0 };
}

describe('29. page caps count the real page tree (HTTP, worker pool)', () => {
  it(`merge refuses two files of 3000 pages behind /Count 1, naming the first and the ${MAX_PAGES}-page cap`, async () => {
    const reply = await postTool(testApp, 'merge', [
      { name: 'first.pdf', bytes: OVER_CAP },
      { name: 'second.pdf', bytes: OVER_CAP },
    ]);
    const error = expectRefusal(
      reply,
      422,
      'DOCUMENT_TOO_COMPLEX',
      new RegExp(`more than ${MAX_PAGES} pages`),
    );
    expect(error.details).toEqual({ fileIndex: 0, fileName: 'first.pdf', maxPages: MAX_PAGES });
    await expectStillServing(testApp);
  });

  it('merge of two files of 1000 pages behind /Count 1 gives all 2000 pages', async () => {
    const lying = createLyingCountPdf(1000, 1);
    const reply = await postTool(testApp, 'merge', [
      { name: 'first.pdf', bytes: lying },
      { name: 'second.pdf', bytes: lying },
    ]);
    expectOutput(reply, 'merge');
    expect((await pagesOf(reply.rawPayload)).walked).toBe(2000);
  });

  it.each(['split', 'rotate'] as const)(
    `%s refuses 3000 pages behind /Count 1 before any work, naming the ${MAX_PAGES}-page cap`,
    async (tool) => {
      const reply = await postTool(testApp, tool, [{ name: 'lying.pdf', bytes: OVER_CAP }]);
      const error = expectRefusal(
        reply,
        422,
        'DOCUMENT_TOO_COMPLEX',
        new RegExp(`more than ${MAX_PAGES} pages`),
      );
      expect(error.details).toEqual({ fileIndex: 0, fileName: 'lying.pdf', maxPages: MAX_PAGES });
      await expectStillServing(testApp, [tool]);
    },
  );

  it('split writes one piece per real page of a file whose /Count says 1', async () => {
    const reply = await postTool(testApp, 'split', [
      { name: 'lying.pdf', bytes: createLyingCountPdf(30, 1) },
    ]);
    expectOutput(reply, 'split');
    expect(readZipDirectory(reply.rawPayload).map((entry) => entry.name)).toEqual(
      Array.from({ length: 30 }, (_, index) => `lying-p${String(index + 1).padStart(2, '0')}.pdf`),
    );
  });

  it('rotate turns every real page of a file whose /Count says 100000', async () => {
    const reply = await postTool(testApp, 'rotate', [
      { name: 'lying.pdf', bytes: createLyingCountPdf(30, 100_000) },
    ]);
    expectOutput(reply, 'rotate');
    expect(await pagesOf(reply.rawPayload)).toEqual({ walked: 30, rotated: 30 });
  });

  it.each(['merge', 'split', 'rotate'] as const)(
    '%s refuses a tree 10,000 levels deep, a page listed 100,000 times and a subtree listed twice',
    async (tool) => {
      const deep = await postTool(testApp, tool, [
        { name: 'deep.pdf', bytes: createDeepPageTreePdf(10_000) },
      ]);
      expect(
        expectRefusal(deep, 422, 'DOCUMENT_TOO_COMPLEX', new RegExp(`more than ${MAX_PAGE_TREE_NODES} nodes`))
          .details,
      ).toEqual({
        fileIndex: 0,
        fileName: 'deep.pdf',
        maxPages: MAX_PAGES,
        maxPageTreeNodes: MAX_PAGE_TREE_NODES,
      });

      // 50 times the page cap: the walk stops at the cap whatever follows. qpdf's opening parses the whole /Kids
      // array first, about 6 µs an entry (a million: 6 CPU-s a tool).
      const repeated = await postTool(testApp, tool, [
        { name: 'kids.pdf', bytes: createRepeatedPagePdf(100_000) },
      ]);
      expect(expectRefusal(repeated, 422, 'DOCUMENT_TOO_COMPLEX').details).toMatchObject({
        fileName: 'kids.pdf',
        maxPages: MAX_PAGES,
      });

      const shared = await postTool(testApp, tool, [
        { name: 'shared.pdf', bytes: createSharedSubtreePdf(1500, 2) },
      ]);
      expect(expectRefusal(shared, 422, 'FILE_DAMAGED', /page tree/).details).toEqual({
        fileIndex: 0,
        fileName: 'shared.pdf',
      });
      await expectStillServing(testApp, [tool]);
    },
    120_000,
  );
});
