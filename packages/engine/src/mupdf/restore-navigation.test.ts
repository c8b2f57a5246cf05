import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNavigationPdf } from '@quire/test-kit/navigation-pdfs';
import { inputFile, useJobContext } from '../../test/job-context.ts';
import { readNavigation } from '../../test/read-navigation.ts';
import { restoreNavigation } from './restore-navigation.ts';

const ctx = useJobContext();

/** Assembles pages of a five-page file with its navigation (`createNavigationPdf`) as the page tools do. */
async function assemble(pages: readonly number[]): Promise<{ source: string; output: string }> {
  const source = join(ctx.workDir, 'source.pdf');
  const output = join(ctx.workDir, 'output.pdf');
  await writeFile(source, createNavigationPdf(5));
  execFileSync('qpdf', ['--empty', '--pages', source, pages.join(','), '--', output]);
  return { source, output };
}

describe('restoreNavigation with pages placed by a page map', () => {
  it('keeps the bookmarks and links of the pages kept, re-pointed, and drops those of the pages left out', async () => {
    const { source, output } = await assemble([1, 3, 5]);
    const placed = [0, 2, 4].map((page) => ({ source: 0, page }));
    expect(await restoreNavigation(output, [{ file: inputFile(source), pageCount: 5 }], placed)).toBe(true);
    const navigation = readNavigation(output);
    expect(navigation.pages).toEqual(['Page 1 of 5', 'Page 3 of 5', 'Page 5 of 5']);
    expect(navigation.outline).toEqual([
      { title: 'Chapter 1', depth: 0, page: 1 },
      { title: 'Section 1.1', depth: 1, page: 1 },
      { title: 'Chapter 3', depth: 0, page: 2 },
      { title: 'Section 3.1', depth: 1, page: 2 },
      { title: 'Chapter 5', depth: 0, page: 3 },
      { title: 'Section 5.1', depth: 1, page: 3 },
    ]);
    // Each page linked to the next page (gone for pages 1 and 3; page 5's leads to page 1) and to page 1 by name.
    expect(navigation.links).toEqual([
      { page: 1, target: 1 },
      { page: 2, target: 1 },
      { page: 3, target: 1 },
      { page: 3, target: 1 },
    ]);
    expect(navigation.fields.map((field) => [field.name, field.page])).toEqual([
      ['field-1', 1],
      ['field-3', 2],
      ['field-5', 3],
    ]);
  });

  it('points a bookmark at the first copy of a page placed twice, and drops every link to a page left out', async () => {
    const { source, output } = await assemble([4, 2, 4]);
    const placed = [3, 1, 3].map((page) => ({ source: 0, page }));
    await restoreNavigation(output, [{ file: inputFile(source), pageCount: 5 }], placed);
    const navigation = readNavigation(output);
    expect(navigation.pages).toEqual(['Page 4 of 5', 'Page 2 of 5', 'Page 4 of 5']);
    expect(navigation.outline).toEqual([
      { title: 'Chapter 2', depth: 0, page: 2 },
      { title: 'Section 2.1', depth: 1, page: 2 },
      { title: 'Chapter 4', depth: 0, page: 1 },
      { title: 'Section 4.1', depth: 1, page: 1 },
    ]);
    // Page 2 links to the next page, 3, which is gone; page 4's to page 5, gone; page 1 (named) is gone too.
    expect(navigation.links).toEqual([]);
  });

  it('lifts the kept children of a bookmark whose page is gone to its place', async () => {
    // The section of chapter 1 points at page 2: it outlives its chapter.
    const source = join(ctx.workDir, 'moved-section.pdf');
    const output = join(ctx.workDir, 'output.pdf');
    await writeFile(
      source,
      createNavigationPdf(3, (chapter) => (chapter === 1 ? 2 : chapter)),
    );
    execFileSync('qpdf', ['--empty', '--pages', source, '2,3', '--', output]);
    const placed = [1, 2].map((page) => ({ source: 0, page }));
    await restoreNavigation(output, [{ file: inputFile(source), pageCount: 3 }], placed);
    const navigation = readNavigation(output);
    // Page 2 of the source linked to page 3, which qpdf copied after it: the link leads there, and nowhere else.
    expect(navigation.links).toEqual([{ page: 1, target: 2 }]);
    expect(navigation.outline).toEqual([
      { title: 'Section 1.1', depth: 0, page: 1 },
      { title: 'Chapter 2', depth: 0, page: 1 },
      { title: 'Section 2.1', depth: 1, page: 1 },
      { title: 'Chapter 3', depth: 0, page: 2 },
      { title: 'Section 3.1', depth: 1, page: 2 },
    ]);
  });
});
