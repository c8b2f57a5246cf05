import { existsSync, readFileSync } from 'node:fs';
import { corpusPath } from '@quire/corpus';
import { describe, expect, it } from 'vitest';
import { createTextPdf } from '@quire/test-kit/hostile-pdfs';
import {
  createDeflateBombXlsx,
  createLinkingXlsx,
  createMacroXlsm,
} from '@quire/test-kit/hostile-spreadsheets';
import {
  createActiveOdp,
  createDeflateBombOdp,
  createLinkingPptx,
  createMacroPptm,
} from '@quire/test-kit/hostile-presentations';
import { createManyEntriesDocx, createWebserviceFods } from '@quire/test-kit/hostile-word';
import { expectRefusal, expectStillServing, postTool } from './harness.ts';
import {
  expectContainerRow,
  expectConvertedSafely,
  pdfImagesOf,
  type ContainerRow,
  useOfficeHardeningApp,
} from './office-harness.ts';

/**
 * Hardening catalogue, group D, for Excel to PDF and PowerPoint to PDF (docs/hardening.md, items 35–38, 41–44 as
 * they apply to spreadsheets and presentations): workbooks that link other workbooks, call WEBSERVICE, DDE or
 * macros; presentations with linked pictures, videos and objects, load-event and VBA macros, clicks that run
 * scripts; zip bombs; through the HTTP API with a canary listening on loopback. The sandbox, the hardened profile,
 * the format detection and its refusals are Word to PDF's (`d-word.test.ts`); these rows show they hold for Calc
 * and Impress too, and for what is theirs alone. One server (and one LibreOffice) serves both tools' rows.
 */

/** The rows' server and the canary on loopback that no document may reach. */
const served = useOfficeHardeningApp();

const expectSheetConvertedSafely = async (name: string, bytes: Uint8Array, ownText: string) =>
  (await expectConvertedSafely(served.testApp, served.canary, 'excel-to-pdf', { name, bytes, ownText })).text;

describe('D. Spreadsheets that fetch, read or run something (items 35–37, 41)', () => {
  it('35, 37. external workbook links, WEBSERVICE and HYPERLINK to the served.canary and a local file: nothing fetched or read', async () => {
    const text = await expectSheetConvertedSafely(
      'links.xlsx',
      createLinkingXlsx(served.canary.url),
      'Quire sheet canary',
    );
    // The links are never updated: what the file stored for them is what prints.
    expect(text).toContain('storedlinkvalue');
    // The first conversion also starts the office lane's LibreOffice.
  }, 240_000);

  it('36, 41. an .xlsm with VBA Auto_Open and Workbook_Open, a DDE link to cmd and a script hyperlink: nothing runs', async () => {
    await expectSheetConvertedSafely('macros.xlsm', createMacroXlsm(served.canary.url), 'Quire macro sheet');
    expect(existsSync('/tmp/quire-macro-ran')).toBe(false);
  }, 120_000);

  it('37. a flat ODF spreadsheet calling WEBSERVICE is markup, not a CSV, and never reaches LibreOffice (415)', async () => {
    const reply = await postTool(served.testApp, 'excel-to-pdf', [
      { name: 'sheet.csv', bytes: createWebserviceFods(served.canary.url) },
    ]);
    expectRefusal(reply, 415, 'INVALID_FILE_TYPE');
    expect(served.canary.contacts).toEqual([]);
  });
});

const CONTAINERS: ContainerRow[] = [
  [
    '43',
    'a worksheet deflating to 108 MB',
    'bomb.xlsx',
    () => createDeflateBombXlsx(),
    [422, 'DOCUMENT_TOO_COMPLEX'],
  ],
  [
    '43',
    '20,000 zip entries',
    'entries.xlsx',
    () => createManyEntriesDocx(20_000),
    [422, 'DOCUMENT_TOO_COMPLEX'],
  ],
  [
    '44',
    'a password-protected OOXML workbook container',
    'locked.xlsx',
    () => readFileSync(corpusPath('word/gotenberg_encrypted_password-foo.docx')),
    [422, 'PASSWORD_REQUIRED'],
  ],
  [
    '44',
    'a .docx named .xlsx',
    'report.xlsx',
    () => readFileSync(corpusPath('word/mammoth_tables.docx')),
    [415, 'INVALID_FILE_TYPE'],
  ],
  ['44', 'a PDF named .xlsx', 'paper.xlsx', () => createTextPdf('not a sheet'), [415, 'INVALID_FILE_TYPE']],
  [
    '44',
    'a JPEG named .csv',
    'photo.csv',
    () => readFileSync(corpusPath('images/pdfbox_grayscale.jpg')),
    [415, 'INVALID_FILE_TYPE'],
  ],
  [
    '44',
    'a fuzzed .xls (allocation bomb)',
    'fuzzed.xls',
    () => readFileSync(corpusPath('bad/calamine_oom-alloc.xls')),
    200,
  ],
];

describe('D. Spreadsheet containers that ask too much or are not spreadsheets (items 43–44)', () => {
  it.each(CONTAINERS)('%s. %s', (...row) => expectContainerRow(served.testApp, 'excel-to-pdf', row), 180_000);
});

describe('D. Presentations that fetch, read or run something (items 35, 36, 38, 41, 42)', () => {
  it('35, 38, 42. a .pptx with pictures, a video and an OLE object linked to the served.canary, a local file and a readable system image: nothing fetched, read or shown', async () => {
    const { pdf } = await expectConvertedSafely(served.testApp, served.canary, 'powerpoint-to-pdf', {
      name: 'links.pptx',
      bytes: createLinkingPptx(served.canary.url),
      ownText: 'Quire slide canary',
    });
    // The corpus slide it is made from has no picture: any picture would be a linked one.
    expect(await pdfImagesOf(pdf)).toEqual([]);
    // The first presentation also starts Impress in the office lane's LibreOffice.
  }, 240_000);

  it('35, 36, 41, 42. an .odp whose load event runs its own Basic macro, with pictures and an object linked to the served.canary, a local file and a readable system image: nothing runs, is fetched or shown', async () => {
    const { text, pdf } = await expectConvertedSafely(served.testApp, served.canary, 'powerpoint-to-pdf', {
      name: 'active.odp',
      bytes: createActiveOdp(served.canary.url),
      ownText: 'Quire odp canary',
    });
    // The macro would have rewritten the slide's text.
    expect(text).not.toContain('macroran');
    expect(await pdfImagesOf(pdf)).toEqual([]);
  }, 120_000);

  it('36, 41. a .pptm with VBA Auto_Open and clicks that run a macro, a script and a UNO command: nothing runs', async () => {
    const { text } = await expectConvertedSafely(served.testApp, served.canary, 'powerpoint-to-pdf', {
      name: 'macros.pptm',
      bytes: createMacroPptm(served.canary.url),
      ownText: 'Quire macro slide',
    });
    expect(text).toContain('commandclick');
    await expectStillServing(served.testApp, ['powerpoint-to-pdf']);
  }, 120_000);
});

const PRESENTATION_CONTAINERS: ContainerRow[] = [
  [
    '43',
    'a slide deflating to 110 MB',
    'bomb.odp',
    () => createDeflateBombOdp(),
    [422, 'DOCUMENT_TOO_COMPLEX'],
  ],
];

describe('D. Presentation containers that ask too much or are not presentations (items 43–44)', () => {
  it.each(PRESENTATION_CONTAINERS)(
    '%s. %s',
    (...row) => expectContainerRow(served.testApp, 'powerpoint-to-pdf', row),
    180_000,
  );
});
