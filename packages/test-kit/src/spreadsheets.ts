import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { seedSofficeProfile } from './office-to-pdf-checks.ts';

/**
 * Spreadsheets built by the tests of Excel to PDF (the engine's op test, the hardening tables, the browser test and
 * the bench): SpreadsheetML packages written directly, other formats written by LibreOffice from them, and CSV
 * texts. Cells are inline strings, so no shared-strings part is needed.
 */

const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const WORKBOOK_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';
export const MACRO_WORKBOOK_TYPE = 'application/vnd.ms-excel.sheet.macroEnabled.main+xml';
const WORKSHEET_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml';

export type Sheet = {
  name: string;
  /** Rows of cell texts, from A1. */
  rows?: readonly (readonly string[])[];
  /** Raw `<row>` elements instead of (or after) `rows`: formulas, far-away cells. */
  rawRows?: string;
  /** Worksheet XML after `<sheetData>` (page setup, hyperlinks …). */
  after?: string;
  /** `<Relationship …/>` elements of this sheet. */
  rels?: string;
};

export type XlsxParts = {
  sheets: readonly Sheet[];
  /** Workbook XML after `<sheets>` (defined names, external references, calculation settings). */
  workbookExtras?: string;
  /** More relationships of the workbook. */
  workbookRels?: string;
  /** More parts by path, and their `<Override …/>` or `<Default …/>` content types. */
  parts?: Record<string, string | Uint8Array>;
  contentTypes?: string;
  mainType?: string;
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** The spreadsheet column name of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

function sheetXml(sheet: Sheet): string {
  const rows = (sheet.rows ?? [])
    .map(
      (cells, row) =>
        `<row r="${row + 1}">${cells
          .map(
            (text, column) =>
              `<c r="${columnName(column)}${row + 1}" t="inlineStr"><is><t>${escape(text)}</t></is></c>`,
          )
          .join('')}</row>`,
    )
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${MAIN}" xmlns:r="${RELS}">` +
    `<sheetData>${rows}${sheet.rawRows ?? ''}</sheetData>${sheet.after ?? ''}</worksheet>`
  );
}

const relationships = (inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_RELS}">${inner}</Relationships>`;

/** A SpreadsheetML package (.xlsx) holding `sheets`. */
export function createXlsx({
  sheets,
  workbookExtras = '',
  workbookRels = '',
  parts = {},
  contentTypes = '',
  mainType = WORKBOOK_TYPE,
}: XlsxParts): Uint8Array {
  const files: Zippable = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/xl/workbook.xml" ContentType="${mainType}"/>` +
        sheets
          .map(
            (_, index) =>
              `<Override PartName="/xl/worksheets/sheet${index + 1}.xml" ContentType="${WORKSHEET_TYPE}"/>`,
          )
          .join('') +
        `${contentTypes}</Types>`,
    ),
    '_rels/.rels': strToU8(
      relationships(`<Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/>`),
    ),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets>` +
        sheets
          .map(
            (sheet, index) =>
              `<sheet name="${escape(sheet.name)}" sheetId="${index + 1}" r:id="rIdSheet${index + 1}"/>`,
          )
          .join('') +
        `</sheets>${workbookExtras}</workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      relationships(
        sheets
          .map(
            (_, index) =>
              `<Relationship Id="rIdSheet${index + 1}" Type="${RELS}/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`,
          )
          .join('') + workbookRels,
      ),
    ),
  };
  sheets.forEach((sheet, index) => {
    files[`xl/worksheets/sheet${index + 1}.xml`] = strToU8(sheetXml(sheet));
    if (sheet.rels)
      files[`xl/worksheets/_rels/sheet${index + 1}.xml.rels`] = strToU8(relationships(sheet.rels));
  });
  for (const [path, content] of Object.entries(parts)) {
    files[path] = typeof content === 'string' ? strToU8(content) : content;
  }
  return zipSync(files);
}

/** `rows` × `columns` cells reading `r<row>c<column>` (1-based): wide enough to need several pages across. */
export function gridRows(rows: number, columns: number): string[][] {
  return Array.from({ length: rows }, (_, row) =>
    Array.from({ length: columns }, (_, column) => `r${row + 1}c${column + 1}`),
  );
}

/** A CSV text of `rows`, joined by `separator`, lines ending in CRLF as spreadsheet programs write them. */
export function csvText(rows: readonly (readonly string[])[], separator = ','): string {
  return `${rows.map((cells) => cells.join(separator)).join('\r\n')}\r\n`;
}

/**
 * `bytes` saved again by LibreOffice as `format` (`xls`, `ods`, …), through a one-shot `soffice --convert-to`
 * with a throw-away profile: the corpus has no file of some formats a test needs.
 */
export function convertWithLibreOffice(bytes: Uint8Array, fromExtension: string, format: string): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'quire-office-make-'));
  try {
    const input = join(dir, `made.${fromExtension}`);
    writeFileSync(input, bytes);
    seedSofficeProfile(join(dir, 'profile'));
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${join(dir, 'profile')}`,
        '--headless',
        '--convert-to',
        format,
        '--outdir',
        join(dir, 'out'),
        input,
      ],
      { stdio: 'ignore', timeout: 120_000 },
    );
    return readFileSync(join(dir, 'out', `made.${format.split(':')[0]}`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
