import { corpusPath } from '@quire/corpus';
import { describe, expect, it } from 'vitest';
import { convertBuiltToWord, convertToWord } from '../../test/convert-to-word.ts';
import { useJobContext } from '../../test/job-context.ts';
import {
  createNestedTablePdf,
  createShadedTablePdf,
  createThreeRuleTablePdf,
  NESTED_ROWS,
  TABLE_ROWS,
} from '../../test/table-pdfs.ts';
import { docxTables } from '../../test/word-docx.ts';

const ctx = useJobContext(120_000);

const convertFile = (path: string) => convertToWord(ctx, path);
const convertBuilt = (name: string, pdf: Buffer) => convertBuiltToWord(ctx, name, pdf);

/** The XML of the first table's cells, row by row. */
const cellXml = (xml: string): string[][] =>
  [...(/<w:tbl>([\s\S]*?)<\/w:tbl>/.exec(xml)?.[1] ?? '').matchAll(/<w:tr[ >][\s\S]*?<\/w:tr>/g)].map((row) =>
    [...row[0].matchAll(/<w:tc>[\s\S]*?<\/w:tc>/g)].map((cell) => cell[0]),
  );

describe('pdfToWord tables without a full grid', () => {
  it('reads a table of three rules in a two-column page, with those rules as its only borders', async () => {
    const docx = await convertBuilt('three-rules.pdf', createThreeRuleTablePdf());
    const tables = docxTables(docx.xml);
    expect(tables).toEqual([TABLE_ROWS.map((row) => [...row])]);
    const cells = cellXml(docx.xml);
    const topBorder = (cell: string | undefined) => /<w:top w:val="single"/.test(cell ?? '');
    const bottomBorder = (cell: string | undefined) => /<w:bottom w:val="single"/.test(cell ?? '');
    expect(cells.map((row) => topBorder(row[0]))).toEqual([true, true, false, false, false]);
    expect(cells.map((row) => bottomBorder(row[0]))).toEqual([true, false, false, false, true]);
    expect(cells.flat().some((cell) => /<w:(left|right) w:val="single"/.test(cell))).toBe(false);
    // The running text of both columns stays paragraphs.
    expect(docx.xml.split('<w:tbl>')[1]?.split('</w:tbl>')[0]).not.toContain('Running text');
    expect(docx.text).toContain('TABLE I');
  });

  it('reads a table drawn only with shading, and keeps the shading of its cells', async () => {
    const docx = await convertBuilt('shaded-table.pdf', createShadedTablePdf());
    expect(docxTables(docx.xml)).toEqual([TABLE_ROWS.map((row) => [...row])]);
    const fills = cellXml(docx.xml).map(
      (row) => /<w:shd [^>]*w:fill="([0-9A-F]{6})"/.exec(row[0] ?? '')?.[1],
    );
    expect(fills).toEqual(['336699', undefined, 'DDEEFF', undefined, 'DDEEFF']);
    expect(docx.text).toContain('Prices are per kilogram.');
  });

  it('splits the rows and columns of a paper’s tables ruled only under their header and after their first column', async () => {
    const docx = await convertFile(corpusPath('pdf/pdf2docx_whisper-paper_28p-linearized.pdf'));
    const tables = docxTables(docx.xml);
    const models = tables.find((table) => table[0]?.[0] === 'Model' && table[0]?.[1] === 'Layers');
    expect(models?.slice(0, 3)).toEqual([
      ['Model', 'Layers', 'Width', 'Heads', 'Parameters'],
      ['Tiny', '4', '384', '6', '39M'],
      ['Base', '6', '512', '8', '74M'],
    ]);
    // The labels of its charts (a scatter plot, bar charts) stay out of tables.
    const inTables = tables.flat(2).join('\n');
    expect(inTables).not.toContain('r2 = 0.83');
    expect(inTables).not.toContain('Haitian Creole');
  });

  it('cuts lines that run across a cell rule into their cells', async () => {
    const docx = await convertFile(corpusPath('pdf/pypdf_chinese-product-table_issue914.pdf'));
    const [table] = docxTables(docx.xml);
    expect(table?.[1]).toEqual(['302000001', '10.12', '散称华联粉条', '2700549', '334010053', '0.5', '红豆']);
  });

  it('writes a table drawn inside a cell of another as a table nested in that cell', async () => {
    const docx = await convertBuilt('nested-table.pdf', createNestedTablePdf());
    // The outer table's body holds the inner one: two <w:tbl> open before the first closes.
    const outer = docx.xml.slice(docx.xml.indexOf('<w:tbl>'));
    expect(outer.indexOf('<w:tbl>', 1)).toBeLessThan(outer.indexOf('</w:tbl>'));
    const inner = docxTables(outer.slice(outer.indexOf('<w:tbl>', 1)));
    expect(inner[0]).toEqual(NESTED_ROWS.map((row) => [...row]));
    expect(docx.text).toContain('North west');
    expect(docx.text).toContain('South east');
  });
});
