import { MAX_NAME_TREE_DEPTH } from '@quire/shared';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { createDeepNameTreePdf } from '@quire/test-kit/hostile-pdfs';
import { limitNameTree } from './limit-name-tree.ts';

const hasDests = (pdf: mupdf.PDFDocument) => !pdf.getTrailer().get('Root').get('Names').get('Dests').isNull();

describe('limitNameTree', () => {
  it.each([
    [`${MAX_NAME_TREE_DEPTH + 1} levels deep`, createDeepNameTreePdf(MAX_NAME_TREE_DEPTH + 1)],
    ['10,000 levels deep', createDeepNameTreePdf(10_000)],
    ['looping back to its root', createDeepNameTreePdf(3, 'cycle')],
  ])('removes a name tree %s from the open copy, without walking it recursively', (_kind, bytes) => {
    const pdf = new mupdf.PDFDocument(bytes);
    expect(hasDests(pdf)).toBe(true);
    expect(limitNameTree(pdf)).toBe(true);
    expect(hasDests(pdf)).toBe(false);
    // Nothing left for MuPDF to descend: the name resolves to no page, at once.
    expect(pdf.resolveLinkDestination('#nameddest=target').page).toBe(-1);
  });

  it(`keeps a name tree of ${MAX_NAME_TREE_DEPTH} levels, which still resolves`, () => {
    const pdf = new mupdf.PDFDocument(createDeepNameTreePdf(MAX_NAME_TREE_DEPTH));
    expect(limitNameTree(pdf)).toBe(false);
    expect(pdf.resolveLinkDestination('#nameddest=target').page).toBe(1);
  });
});
