import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusEntries, corpusPath } from '@quire/corpus';
import { afterAll, describe, expect, it } from 'vitest';
import {
  coldSofficePdfs,
  pdfDifferences,
  pdfPageCount,
  pdfPageTexts,
} from '@quire/test-kit/office-to-pdf-checks';
import { convertWithLibreOffice, createXlsx, csvText, gridRows } from '@quire/test-kit/spreadsheets';
import { inputFile, useJobContext } from '../../test/job-context.ts';
import { stopWarmOffice } from '../libreoffice/warm-office.ts';
import { excelToPdf } from './excel-to-pdf.ts';

const ctx = useJobContext(120_000);
const convert = (path: string, fitWidth: 'true' | 'false' = 'true') =>
  excelToPdf({ file: inputFile(path), options: { fitWidth } }, ctx);
const write = (name: string, bytes: Uint8Array | string) => {
  const path = join(ctx.workDir, name);
  writeFileSync(path, bytes);
  return path;
};

afterAll(stopWarmOffice);

/**
 * One corpus spreadsheet of each format, compared with a cold soffice here (each cold start takes seconds);
 * `npm run bench office-to-pdf` compares every corpus spreadsheet the same way.
 */
const ONE_OF_EACH_FORMAT = [
  'office/calamine_any-sheets.xls', // Excel 97–2003, several sheets, hidden ones among them
  'office/calamine_picture.ods', // OpenDocument, a picture
  'office/calamine_pivots.xlsx', // pivot tables
  'office/calamine_strict-ooxml.xlsx', // Strict OOXML
];
const SPREADSHEETS = corpusEntries()
  .filter((entry) => entry.group === 'office' && /\.(xlsx|xls|ods)$/.test(entry.name))
  .map((entry) => entry.name);

describe('excelToPdf over the corpus spreadsheets', () => {
  it('has spreadsheets of each binary format to convert', () => {
    for (const extension of ['.xlsx', '.xls', '.ods']) {
      expect(SPREADSHEETS.some((name) => name.endsWith(extension))).toBe(true);
    }
    expect(ONE_OF_EACH_FORMAT.every((name) => SPREADSHEETS.includes(name))).toBe(true);
  });

  // The cold soffice's PDFs of the four, made by one soffice on the first test's call (each start costs seconds), in
  // a directory of their own: each test empties its job's.
  let referenceDir: string | undefined;
  let references: string[] | undefined;
  const referenceOf = (name: string) => {
    referenceDir ??= mkdtempSync(join(tmpdir(), 'quire-cold-sheets-'));
    references ??= coldSofficePdfs(ONE_OF_EACH_FORMAT.map(corpusPath), referenceDir);
    return references[ONE_OF_EACH_FORMAT.indexOf(name)] ?? '';
  };
  afterAll(() => referenceDir && rmSync(referenceDir, { recursive: true, force: true }));

  it.each(ONE_OF_EACH_FORMAT)(
    'converts %s with fitWidth=false to the same pages and text as a cold soffice',
    async (name) => {
      const result = await convert(corpusPath(name), 'false');
      expect(pdfDifferences(result.path, referenceOf(name))).toEqual([]);
    },
    180_000,
  );
});

/** A sheet named `name` whose cells read `<name>r<row>c<column>`. */
const gridSheet = (name: string, rows: number, columns: number) => ({
  name,
  rows: gridRows(rows, columns).map((cells) => cells.map((cell) => `${name}${cell}`)),
});

/** For each page, the rows it shows whose cells are not all there (cells of `gridSheet`s `columns` wide). */
function cutRows(pdf: string, columns: number): string[] {
  return pdfPageTexts(pdf).flatMap((text, page) => {
    const seen = new Map<string, Set<number>>();
    for (const match of text.matchAll(/\b([A-Z]r\d+)c(\d+)\b/g)) {
      const row = match[1] ?? '';
      seen.set(row, (seen.get(row) ?? new Set()).add(Number(match[2])));
    }
    return [...seen]
      .filter(([, found]) => found.size !== columns)
      .map(([row, found]) => `page ${page + 1}: ${row} shows ${found.size} of ${columns} columns`);
  });
}

describe('excelToPdf fits each sheet to the page width', () => {
  // Two sheets of 40 columns: far wider than a portrait page at 100%.
  const COLUMNS = 40;
  const workbook = () => createXlsx({ sheets: [gridSheet('A', 150, COLUMNS), gridSheet('B', 30, COLUMNS)] });

  it('with fitWidth=true (the default), no row of any sheet has its columns spill onto another page', async () => {
    const pdf = (await convert(write('wide.xlsx', workbook()))).path;
    expect(cutRows(pdf, COLUMNS)).toEqual([]);
    const texts = pdfPageTexts(pdf);
    // Every cell is there, and each sheet starts on its own page.
    for (const [sheet, rows] of [
      ['A', 150],
      ['B', 30],
    ] as const) {
      for (let row = 1; row <= rows; row += 1) {
        expect(texts.some((text) => text.includes(`${sheet}r${row}c${COLUMNS}`))).toBe(true);
      }
    }
    expect(texts.some((text) => text.includes('Ar1c1') && text.includes('Br1c1'))).toBe(false);
  });

  it('with fitWidth=false, the sheets keep their page setup: columns run on to more pages', async () => {
    const path = write('wide.xlsx', workbook());
    // Both conversions write the job's converted.pdf: each is read before the next.
    const kept = (await convert(path, 'false')).path;
    expect(cutRows(kept, COLUMNS).length).toBeGreaterThan(0);
    const keptPages = pdfPageCount(kept);
    const fittedPages = pdfPageCount((await convert(path, 'true')).path);
    expect(keptPages).toBeGreaterThan(fittedPages);
  });

  it('fits a sheet LibreOffice itself wrote as .ods and as .xls', async () => {
    for (const format of ['ods', 'xls']) {
      const bytes = convertWithLibreOffice(
        createXlsx({ sheets: [gridSheet('C', 60, COLUMNS)] }),
        'xlsx',
        format,
      );
      const pdf = (await convert(write(`wide.${format}`, bytes))).path;
      expect(cutRows(pdf, COLUMNS)).toEqual([]);
      expect(pdfPageTexts(pdf).join('')).toContain(`Cr60c${COLUMNS}`);
    }
  }, 180_000);
});

describe('excelToPdf reads CSV files', () => {
  const rows = [
    ['item', 'price', 'note'],
    ['tea', '1,5', 'green'],
    ['cake', '2,25', 'lemon'],
  ];

  it('with semicolons as separators and decimal commas in the numbers', async () => {
    const pdf = (await convert(write('prices.csv', csvText(rows, ';')))).path;
    const text = pdfPageTexts(pdf).join('');
    expect(text).not.toContain(';');
    // Read as numbers (2.25), not as the text "2,25".
    expect(text).toMatch(/\b2\.25\b/);
    expect(text).toContain('lemon');
  });

  it('with commas, where quoted fields keep their commas', async () => {
    const csv = 'city,note\r\nParis,"big, old"\r\nOslo,"cold, north"\r\n';
    const pdf = (await convert(write('cities.csv', csv))).path;
    const text = pdfPageTexts(pdf).join('');
    expect(text).toContain('big, old');
    expect(text).not.toContain('"');
    // The page header names the sheet, which is named after the file, not after the name LibreOffice reads.
    expect(text).toContain('cities');
    expect(text).not.toMatch(/\binput\b/);
  });

  it('in UTF-16 with a byte-order mark, tab-separated (Excel\'s "Unicode text")', async () => {
    const text = '\uFEFFname\tword\r\nnaïve\t日本語\r\n';
    const pdf = (await convert(write('unicode.csv', Buffer.from(text, 'utf16le')))).path;
    expect(pdfPageTexts(pdf).join('')).toMatch(/naïve[\s\S]*日本語/);
  });

  it('in Windows-1252 when the bytes are not UTF-8', async () => {
    const pdf = (await convert(write('latin.csv', Buffer.from('café;crème\r\n1;2\r\n', 'latin1')))).path;
    expect(pdfPageTexts(pdf).join('')).toMatch(/café[\s\S]*crème/);
  });
});

describe('excelToPdf on files it must refuse', () => {
  it.each([
    [
      'a password-protected OOXML container',
      'word/gotenberg_encrypted_password-foo.docx',
      'PASSWORD_REQUIRED',
    ],
    ['a Word document', 'word/mammoth_tables.docx', 'INVALID_FILE_TYPE'],
    ['a PDF', 'pdf/pdflib_us-constitution_19p.pdf', 'INVALID_FILE_TYPE'],
    ['a presentation', 'office/pythonpptx_shapes.pptx', 'INVALID_FILE_TYPE'],
  ])('%s: %s', async (_what, name, code) => {
    await expect(convert(corpusPath(name))).rejects.toMatchObject({
      code,
      details: { fileName: name.split('/')[1] },
    });
  });

  it('refuses an empty file and markup that is not CSV', async () => {
    await expect(convert(write('empty.csv', ''))).rejects.toMatchObject({ code: 'EMPTY_FILE' });
    await expect(convert(write('sheet.csv', '<?xml version="1.0"?><table/>'))).rejects.toMatchObject({
      code: 'INVALID_FILE_TYPE',
      message: '"sheet.csv" is not a spreadsheet (.xlsx, .xls, .ods or .csv).',
    });
  });
});
