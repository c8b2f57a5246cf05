import { strToU8, zipSync } from 'fflate';
import { readCellValue, type CellValue, type Notation } from './cell-values.ts';
import type { SheetTable } from './sheet-table.ts';

/**
 * The .xlsx: SpreadsheetML written by hand and zipped with fflate (as PDF to Word's parts are zipped), with no
 * library of its own. A sheet per page that has tables, named for its page; on a sheet its tables one under
 * another, a blank row between two; numbers, percentages and dates as values with the number format that shows them
 * as the PDF did; merged cells; header rows bold; cells shaded as in the PDF; each column as wide as the widest of
 * its tables' columns there.
 */

export type SheetPlan = { name: string; tables: SheetTable[] };

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
/** Pixels of Calibri 11's widest digit: a column's width is counted in them (ECMA-376 18.3.1.13). */
const DIGIT_PIXELS = 7;
const PIXELS_PER_POINT = 96 / 72;
const MIN_WIDTH = 4;
const MAX_WIDTH = 80;
/** A text longer than its column holds (in characters, about) wraps within it rather than running over. */
const WRAP_SLACK = 1.1;
/** The first number a workbook's own number formats may take (those below are built in). */
const FIRST_CUSTOM_FORMAT = 164;

/** Characters XML 1.0 cannot hold (control characters other than tab, line feed and carriage return). */
const isXmlCharacter = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);
};

const escapeXml = (text: string) =>
  [...text]
    .filter(isXmlCharacter)
    .join('')
    .replace(/&/gu, '&amp;')
    .replace(/</gu, '&lt;')
    .replace(/>/gu, '&gt;')
    .replace(/"/gu, '&quot;');

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

/** The workbook's cell styles, each a number format, a weight, a fill and whether text wraps, numbered as made. */
class Styles {
  private readonly formats = new Map<string, number>();
  private readonly fills = new Map<string, number>();
  private readonly xfs = new Map<string, number>([['0|0|0|0', 0]]);

  id(format: string, bold: boolean, shading: string | undefined, wrap: boolean): number {
    const formatId = format === 'General' ? 0 : this.formatId(format);
    const fillId = shading ? this.fillId(shading) : 0;
    const key = `${formatId}|${bold ? 1 : 0}|${fillId}|${wrap ? 1 : 0}`;
    const known = this.xfs.get(key);
    if (known !== undefined) return known;
    this.xfs.set(key, this.xfs.size);
    return this.xfs.size - 1;
  }

  private formatId(format: string): number {
    const known = this.formats.get(format);
    if (known !== undefined) return known;
    const id = FIRST_CUSTOM_FORMAT + this.formats.size;
    this.formats.set(format, id);
    return id;
  }

  private fillId(color: string): number {
    const known = this.fills.get(color);
    if (known !== undefined) return known;
    // 0 and 1 are the two fills every workbook starts with (none, grey 12.5%).
    const id = 2 + this.fills.size;
    this.fills.set(color, id);
    return id;
  }

  xml(): string {
    const numFmts = [...this.formats]
      .map(([code, id]) => `<numFmt numFmtId="${id}" formatCode="${escapeXml(code)}"/>`)
      .join('');
    const fills = [...this.fills.keys()]
      .map(
        (color) => `<fill><patternFill patternType="solid"><fgColor rgb="FF${color}"/></patternFill></fill>`,
      )
      .join('');
    const xfs = [...this.xfs.keys()]
      .map((key) => {
        const [numFmtId, bold, fillId, wrap] = key.split('|');
        const alignment = wrap === '1' ? '<alignment vertical="top" wrapText="1"/>' : '';
        return (
          `<xf numFmtId="${numFmtId}" fontId="${bold}" fillId="${fillId}" borderId="0" xfId="0"` +
          ` applyNumberFormat="1" applyFont="1" applyFill="1"${alignment ? ` applyAlignment="1">${alignment}</xf>` : '/>'}`
        );
      })
      .join('');
    return (
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="${MAIN_NS}">` +
      (this.formats.size > 0 ? `<numFmts count="${this.formats.size}">${numFmts}</numFmts>` : '') +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
      '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
      `<fills count="${2 + this.fills.size}"><fill><patternFill patternType="none"/></fill>` +
      `<fill><patternFill patternType="gray125"/></fill>${fills}</fills>` +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${this.xfs.size}">${xfs}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
    );
  }
}

/** A column's width in the sheet's units (characters of the widest digit) for a width in points on the page. */
export function sheetWidth(points: number): number {
  const width = (points * PIXELS_PER_POINT) / DIGIT_PIXELS;
  return Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width)) * 100) / 100;
}

function cellXml(ref: string, value: CellValue, style: number): string {
  const s = style > 0 ? ` s="${style}"` : '';
  if (value.kind === 'number') return `<c r="${ref}"${s}><v>${value.value}</v></c>`;
  if (value.kind === 'date') return `<c r="${ref}"${s}><v>${value.serial}</v></c>`;
  if (value.text === '') return style > 0 ? `<c r="${ref}"${s}/>` : '';
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(value.text)}</t></is></c>`;
}

function sheetXml(plan: SheetPlan, notation: Notation, styles: Styles): string {
  const widths: number[] = [];
  for (const table of plan.tables)
    table.colWidths.forEach((width, col) => (widths[col] = Math.max(widths[col] ?? 0, sheetWidth(width))));
  const rows = new Map<number, string[]>();
  const merges: string[] = [];
  let top = 0;
  for (const table of plan.tables) {
    for (const cell of [...table.cells].sort((a, b) => a.row - b.row || a.col - b.col)) {
      const row = top + cell.row;
      const ref = `${columnName(cell.col)}${row + 1}`;
      const value = readCellValue(cell.text, notation);
      const chars = (widths[cell.col] ?? MIN_WIDTH) * cell.colSpan;
      const wrap = value.kind === 'text' && value.text.length > chars * WRAP_SLACK;
      const format = value.kind === 'text' ? 'General' : value.format;
      const xml = cellXml(ref, value, styles.id(format, cell.bold, cell.shading, wrap));
      if (xml !== '') rows.set(row, [...(rows.get(row) ?? []), xml]);
      if (cell.rowSpan > 1 || cell.colSpan > 1) {
        merges.push(`${ref}:${columnName(cell.col + cell.colSpan - 1)}${row + cell.rowSpan}`);
      }
    }
    // A blank row between two tables.
    top += table.rowCount + 1;
  }
  const cols = widths
    .map((width, col) => `<col min="${col + 1}" max="${col + 1}" width="${width}" customWidth="1"/>`)
    .join('');
  const sheetData = [...rows.keys()]
    .sort((a, b) => a - b)
    .map((row) => `<row r="${row + 1}">${(rows.get(row) ?? []).join('')}</row>`)
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    (cols ? `<cols>${cols}</cols>` : '') +
    `<sheetData>${sheetData}</sheetData>` +
    (merges.length > 0
      ? `<mergeCells count="${merges.length}">${merges.map((ref) => `<mergeCell ref="${ref}"/>`).join('')}</mergeCells>`
      : '') +
    '</worksheet>'
  );
}

/** The workbook of these sheets (at least one), its numbers read in the document's `notation`. */
export function writeXlsx(sheets: readonly SheetPlan[], notation: Notation): Uint8Array {
  const styles = new Styles();
  // The sheets first: their cells add to the styles. [Content_Types].xml leads the zip all the same.
  const sheetParts = sheets.map((plan) => strToU8(sheetXml(plan, notation, styles)));
  const files: Record<string, Uint8Array> = {};
  const sheetList = sheets
    .map(
      (plan, index) =>
        `<sheet name="${escapeXml(plan.name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`,
    )
    .join('');
  const sheetRels = sheets
    .map(
      (_, index) =>
        `<Relationship Id="rId${index + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`,
    )
    .join('');
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  files['[Content_Types].xml'] = strToU8(
    `${head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      sheets
        .map(
          (_, index) =>
            `<Override PartName="/xl/worksheets/sheet${index + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join('') +
      '</Types>',
  );
  files['_rels/.rels'] = strToU8(
    `${head}<Relationships xmlns="${PACKAGE_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  files['xl/workbook.xml'] = strToU8(
    `${head}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>${sheetList}</sheets></workbook>`,
  );
  files['xl/_rels/workbook.xml.rels'] = strToU8(
    `${head}<Relationships xmlns="${PACKAGE_REL_NS}">${sheetRels}` +
      `<Relationship Id="rId${sheets.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
  );
  files['xl/styles.xml'] = strToU8(styles.xml());
  sheetParts.forEach((part, index) => (files[`xl/worksheets/sheet${index + 1}.xml`] = part));
  return zipSync(files, { level: 6 });
}
