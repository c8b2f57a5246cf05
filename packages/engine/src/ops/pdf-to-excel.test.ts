import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { AppError } from '@quire/shared';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { bindScans, scanImage } from '@quire/test-kit/scanned-pdfs';
import { inputFile, useJobContext } from '../../test/job-context.ts';
import { createCountsReportPdf, REPORT_PAGES } from '../../test/table-pdfs.ts';
import { createProbeInputs } from '../probe/probe-inputs.ts';
import { pdfToExcel } from './pdf-to-excel.ts';

const ctx = useJobContext(120_000);

const LATTICE_FILE = 'pdf/pdf2docx_tables-lattice.pdf';
const WHISPER_FILE = 'pdf/pdf2docx_whisper-paper_28p-linearized.pdf';
const GEOBASE_FILE = 'pdf/pypdf_geobase-uml-model_19p-vector.pdf';
const TWO_COLUMN_FILE = 'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf';
const USER_PASSWORD_FILE = 'pdf/pysamples_encrypted_user-openpassword.pdf';
const CAD_FILE = 'pdf/pypdf_autocad-diagram_vector-a3.pdf';
const LECTURE_NOTES_FILE = 'pdf/pysamples_geotopo-lecture-notes_117p.pdf';

type Cell = { ref: string; style: number; value: string; isText: boolean };
type Workbook = { sheets: string[]; cells: Cell[][]; merges: string[][]; formats: string[][] };

/** The parts of the .xlsx the tool writes, read back: each sheet's cells, merges and its cells' number formats. */
function readWorkbook(bytes: Uint8Array): Workbook {
  const parts = unzipSync(bytes);
  const part = (name: string) => strFromU8(parts[name] ?? new Uint8Array());
  const sheets = [...part('xl/workbook.xml').matchAll(/<sheet name="([^"]*)"/gu)].map(
    (match) => match[1] ?? '',
  );
  const styles = part('xl/styles.xml');
  const formatCodes = new Map(
    [...styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"/gu)].map((match) => [
      match[1],
      (match[2] ?? '').replace(/&quot;/gu, '"'),
    ]),
  );
  const xfs = [...(styles.split('<cellXfs')[1] ?? '').matchAll(/<xf numFmtId="(\d+)"/gu)].map(
    (match) => formatCodes.get(match[1]) ?? 'General',
  );
  const sheetXml = sheets.map((_, index) => part(`xl/worksheets/sheet${index + 1}.xml`));
  const cells = sheetXml.map((xml) =>
    [...xml.matchAll(/<c r="([A-Z]+\d+)"(?: s="(\d+)")?( t="inlineStr")?(?:\/>|>(.*?)<\/c>)/gu)].map(
      (match) => ({
        ref: match[1] ?? '',
        style: Number(match[2] ?? 0),
        isText: match[3] !== undefined,
        value: (match[4] ?? '').replace(/<[^>]+>/gu, ''),
      }),
    ),
  );
  return {
    sheets,
    cells,
    merges: sheetXml.map((xml) =>
      [...xml.matchAll(/<mergeCell ref="([^"]+)"/gu)].map((match) => match[1] ?? ''),
    ),
    formats: cells.map((sheet) => sheet.map((cell) => xfs[cell.style] ?? 'General')),
  };
}

async function convert(name: string, pages?: string, password?: string) {
  const result = await pdfToExcel(
    { file: inputFile(corpusPath(name), password), options: { pages, language: ['en'] } },
    ctx,
  );
  return { result, workbook: readWorkbook(await readFile(result.path)) };
}

const cellAt = (workbook: Workbook, sheet: number, ref: string) => {
  const index = workbook.cells[sheet]?.findIndex((cell) => cell.ref === ref) ?? -1;
  const cell = workbook.cells[sheet]?.[index];
  return cell && { ...cell, format: workbook.formats[sheet]?.[index] };
};

describe('pdf-to-excel', () => {
  it('writes a ruled and shaded table as cells: figures as numbers, its merged header and row as merges', async () => {
    const { result, workbook } = await convert(LATTICE_FILE);
    expect(workbook.sheets).toEqual(['Page 1']);
    expect(result.report.values).toMatchObject({ pageCount: 1, sheetCount: 1 });
    // The "Input" table, the page's last: its header spans its six columns, "0.15" the four of its row.
    const input = workbook.cells[0]?.find((cell) => cell.value === 'Input');
    expect(input?.isText).toBe(true);
    const row = Number(input?.ref.replace(/[A-Z]+/u, ''));
    expect(workbook.merges[0]).toContain(`A${row}:F${row}`);
    expect(workbook.merges[0]).toContain(`C${row + 5}:F${row + 5}`);
    expect(cellAt(workbook, 0, `A${row + 1}`)?.value).toBe('Description A');
    expect(cellAt(workbook, 0, `B${row + 1}`)).toMatchObject({ value: 'mm', isText: true });
    // Figures with two decimals stay numbers shown with two decimals.
    expect(cellAt(workbook, 0, `D${row + 1}`)).toMatchObject({
      value: '35.3',
      isText: false,
      format: '0.00',
    });
    expect(cellAt(workbook, 0, `C${row + 5}`)).toMatchObject({ value: '0.15', isText: false });
    // The tables of the page one under another, a blank row between.
    expect(cellAt(workbook, 0, `A${row - 1}`)).toBeUndefined();
  });

  it('reads a table on a page shown turned a quarter as it reads it upright', async () => {
    const turned = join(ctx.workDir, 'turned.pdf');
    execFileSync('qpdf', [corpusPath(LATTICE_FILE), '--rotate=+90:1', turned]);
    const result = await pdfToExcel(
      { file: inputFile(turned), options: { pages: undefined, language: ['en'] } },
      ctx,
    );
    const upright = await convert(LATTICE_FILE);
    const values = (workbook: Workbook) => workbook.cells[0]?.map((cell) => `${cell.ref}=${cell.value}`);
    expect(values(readWorkbook(await readFile(result.path)))).toEqual(values(upright.workbook));
  });

  it('gives a sheet per page with tables, the chosen pages only, header rows bold, codes and percentages read right', async () => {
    const { result, workbook } = await convert(WHISPER_FILE, '5, 28');
    expect(workbook.sheets).toEqual(['Page 5', 'Page 28']);
    expect(result.report.values).toMatchObject({ pageCount: 2, tableCount: 4, sheetCount: 2 });
    // Table 1: its header bold, figures as numbers, "1550M" as the text it is.
    expect(cellAt(workbook, 0, 'A1')?.value).toBe('Model');
    expect(cellAt(workbook, 0, 'E6')).toMatchObject({ value: '1550M', isText: true });
    expect(cellAt(workbook, 0, 'D6')).toMatchObject({ value: '20', isText: false });
    const styles = unzipSync(await readFile(result.path))['xl/styles.xml'];
    const cellXfs = strFromU8(styles ?? new Uint8Array()).split('<cellXfs')[1] ?? '';
    const boldXfs = [...cellXfs.matchAll(/<xf [^>]*fontId="(\d)"/gu)].map((match) => match[1] === '1');
    expect(boldXfs[cellAt(workbook, 0, 'A1')?.style ?? -1]).toBe(true);
    expect(boldXfs[cellAt(workbook, 0, 'A2')?.style ?? -1]).toBe(false);
    // Page 28: three tables one under another, each after a blank row.
    const values = workbook.cells[1]?.map((cell) => cell.value) ?? [];
    expect(values.filter((value) => value === 'Hyperparameter')).toHaveLength(2);
    const rate = workbook.cells[1]?.findIndex((cell) => cell.value === '0.5') ?? -1;
    expect(workbook.formats[1]?.[rate]).toBe('0%');
    expect(values).toContain('1048576');
    expect(values).toContain('1.5 × 10−3');
  });

  it('writes dates that name one day as dates, with their month shown', async () => {
    const { workbook } = await convert(GEOBASE_FILE, '3');
    const first = workbook.cells[0]?.findIndex((cell) => cell.ref === 'A2') ?? -1;
    // September 2002: 1 September 2002, day 37500 of the spreadsheet's calendar.
    expect(workbook.cells[0]?.[first]).toMatchObject({ value: '37500', isText: false });
    expect(workbook.formats[0]?.[first]).toBe('mmmm yyyy');
    expect(cellAt(workbook, 0, 'B2')).toMatchObject({ value: 'Draft 01', isText: true });
  });

  it('converts the status probe’s own PDF: its small ruled table of figures', async () => {
    const probe = (await createProbeInputs())['pdf-to-excel'];
    const path = join(ctx.workDir, 'probe.pdf');
    await writeFile(path, probe.files[0]?.bytes ?? new Uint8Array());
    const result = await pdfToExcel(
      { file: inputFile(path), options: { pages: undefined, language: 'auto' } },
      ctx,
    );
    const workbook = readWorkbook(await readFile(result.path));
    expect(workbook.cells[0]?.map((cell) => [cell.ref, cell.value, cell.isText])).toEqual([
      ['A1', '12', false],
      ['B1', '34', false],
      ['A2', '56', false],
      ['B2', '78', false],
    ]);
  });

  it('reads a scanned table with OCR: the Whisper paper’s Table 1, scanned', async () => {
    const source = {
      path: corpusPath(WHISPER_FILE),
      page: 5,
      language: 'en',
      area: { x: 55, y: 62, width: 240, height: 84 },
    };
    const image = await scanImage(source, 'clean', join(ctx.workDir, 'scan'));
    const path = bindScans([image], join(ctx.workDir, 'scanned-table.pdf'));
    const result = await pdfToExcel(
      { file: inputFile(path), options: { pages: undefined, language: ['en'] } },
      ctx,
    );
    expect(result.report.values).toMatchObject({ tableCount: 1, recognisedCount: 1 });
    const workbook = readWorkbook(await readFile(result.path));
    const value = (ref: string) => cellAt(workbook, 0, ref)?.value;
    // The body's rows and columns as printed: the models, their sizes as text, their widths as numbers. (Its header,
    // which Tesseract reads as one line with the rule after "Model" in it, is left out of the table.)
    expect(['A1', 'A2', 'A3', 'A4', 'A5'].map(value)).toEqual(['Tiny', 'Base', 'Small', 'Medium', 'Large']);
    expect(['E1', 'E2', 'E3', 'E4', 'E5'].map(value)).toEqual(['39M', '74M', '244M', '769M', '1550M']);
    expect(cellAt(workbook, 0, 'C1')).toMatchObject({ value: '384', isText: false });
  });

  it('finds a table drawn without any rule: the thread sizes on an AutoCAD drawing', async () => {
    const { workbook } = await convert(CAD_FILE);
    const texts = (workbook.cells[0] ?? []).map((cell) => cell.value);
    expect(texts).toEqual(expect.arrayContaining(['Thread (M)', 'Range (mm)', 'Torque (NM)', 'M63x1.5']));
    const header = workbook.cells[0]?.find((cell) => cell.value === 'Thread (M)');
    const row = Number(header?.ref.replace(/^[A-Z]+/u, ''));
    const column = header?.ref.replace(/\d+$/u, '') ?? '';
    const next = (letter: string, by: number) => String.fromCharCode(letter.charCodeAt(0) + by);
    // Six rows under the header, the torque a number: M20x1.5 | 8.0 - 15.0 | 8.
    expect(cellAt(workbook, 0, `${column}${row + 1}`)).toMatchObject({ value: 'M20x1.5' });
    expect(cellAt(workbook, 0, `${next(column, 1)}${row + 1}`)).toMatchObject({ value: '8.0 - 15.0' });
    expect(cellAt(workbook, 0, `${next(column, 2)}${row + 1}`)).toMatchObject({ value: '8', isText: false });
    expect(cellAt(workbook, 0, `${column}${row + 6}`)).toMatchObject({ value: 'M63x1.5' });
  });

  it('reads a report without a grid over two pages, its header row on each: one table, counts as numbers', async () => {
    const path = join(ctx.workDir, 'report.pdf');
    await writeFile(path, createCountsReportPdf());
    const result = await pdfToExcel(
      { file: inputFile(path), options: { pages: undefined, language: ['en'] } },
      ctx,
    );
    const workbook = readWorkbook(await readFile(result.path));
    // One table running over both pages, its header repeated: joined on the first page's sheet, the header once.
    expect(workbook.sheets).toEqual(['Page 1']);
    const values = (workbook.cells[0] ?? []).map((cell) => [cell.ref, cell.value, cell.isText]);
    // The header row is on every page at the same place, like a running head: it stays the table's first row,
    // each label over its own column (Precincts begins left of the figures set flush right under it).
    const labels = ['County', 'Precincts', 'Democratic', 'Republican', 'Total'];
    expect(values.slice(0, 5)).toEqual(labels.map((label, col) => [`${'ABCDE'[col]}1`, label, true]));
    // "27,462" is twenty-seven thousand: a comma before three digits groups thousands in a document whose
    // "2,493,350" says so.
    expect(values.slice(5)).toEqual(
      REPORT_PAGES.flat().flatMap((row, index) =>
        row.map((cell, col) => [
          `${'ABCDE'[col]}${index + 2}`,
          col === 0 ? cell : cell.replaceAll(',', ''),
          col === 0,
        ]),
      ),
    );
  });

  it('takes no sentences beside a code listing, nor a formula set over several lines, for a table', async () => {
    for (const [name, page] of [
      [TWO_COLUMN_FILE, '2'],
      [LECTURE_NOTES_FILE, '15'],
      [LECTURE_NOTES_FILE, '38'],
    ] as const) {
      const error = await convert(name, page).catch((caught: unknown) => caught);
      expect(error, `${name} p. ${page}`).toMatchObject({ code: 'NO_TABLES_FOUND' });
    }
  });

  it('says no table was found rather than writing an empty workbook', async () => {
    const error = await convert(TWO_COLUMN_FILE, '1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'NO_TABLES_FOUND', details: { fileIndex: 0, pages: 1 } });
  });

  it('asks for the password of a protected file, and reads it with the password', async () => {
    const refused = await convert(USER_PASSWORD_FILE).catch((caught: unknown) => caught);
    expect(refused).toMatchObject({ code: 'PASSWORD_REQUIRED' });
    // Opened, its one page of text has no table: the file was read through to the end.
    const read = await convert(USER_PASSWORD_FILE, undefined, 'openpassword').catch(
      (caught: unknown) => caught,
    );
    expect(read).toMatchObject({ code: 'NO_TABLES_FOUND' });
  });
});
