import { MAX_IMAGE_FILES, MAX_MERGE_FILES, SITE_TOOL_IDS, TOOLS, type ToolDefinition } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { nextToolsFor } from './next-tools.ts';

const file = (name: string, size = 1000) => ({ name, size });
const pages = (count: number, extension: string) =>
  Array.from({ length: count }, (_, index) =>
    file(`report-p${String(index + 1).padStart(2, '0')}${extension}`),
  );

describe('the tools a result goes on to', () => {
  it('offers a PDF to every other tool of the site that reads PDFs, Merge and Organize among them', () => {
    const next = nextToolsFor([file('report-compressed.pdf')], 'compress');
    const pdfTools = SITE_TOOL_IDS.filter((id) => (TOOLS[id] as ToolDefinition).accepts.includes('pdf'));
    expect(next).toEqual(pdfTools.filter((id) => id !== 'compress'));
    expect(next).toContain('rotate');
    expect(next).toContain('merge');
    expect(next).not.toContain('jpg-to-pdf');
    expect(next).not.toContain('word-to-pdf');
  });

  it('offers the pictures of PDF to JPG to JPG to PDF alone, while it takes that many', () => {
    expect(nextToolsFor(pages(12, '.jpg'), 'pdf-to-jpg')).toEqual(['jpg-to-pdf']);
    expect(nextToolsFor([file('poster.jpg')], 'pdf-to-jpg')).toEqual(['jpg-to-pdf']);
    expect(nextToolsFor(pages(MAX_IMAGE_FILES + 1, '.jpg'), 'pdf-to-jpg')).toEqual([]);
  });

  it('offers the PDFs of a split to the tools that take several PDFs, while they take that many', () => {
    expect(nextToolsFor(pages(3, '.pdf'), 'split')).toEqual(['merge', 'organize']);
    expect(nextToolsFor(pages(MAX_MERGE_FILES + 1, '.pdf'), 'split')).toEqual([]);
  });

  it('offers a Word file to Word to PDF, and nothing a tool could not take', () => {
    expect(nextToolsFor([file('report.docx')], 'pdf-to-word')).toEqual(['word-to-pdf']);
    expect(nextToolsFor([file('report.pdf', TOOLS.rotate.maxFileBytes + 1)], 'compress')).toEqual([]);
    expect(nextToolsFor([file('notes.md')], 'compress')).toEqual([]);
    expect(nextToolsFor([], 'compress')).toEqual([]);
  });
});
