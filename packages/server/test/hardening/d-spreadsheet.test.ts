import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import type { ErrorCode } from '@quire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTextPdf } from '@quire/test-kit/hostile-pdfs';
import {
  createDeflateBombXlsx,
  createLinkingXlsx,
  createMacroXlsm,
} from '@quire/test-kit/hostile-spreadsheets';
import { createManyEntriesDocx, createWebserviceFods } from '@quire/test-kit/hostile-word';
import { createTestApp, type TestApp } from '@quire/test-kit/test-app';
import {
  expectOutput,
  expectRefusal,
  expectStillServing,
  postTool,
  startCanary,
  type Canary,
} from './harness.ts';

/**
 * Hardening catalogue, group D, for Excel to PDF (docs/hardening.md, items 35–37, 41, 43, 44 as they apply to
 * spreadsheets): workbooks that link other workbooks, call WEBSERVICE, DDE or macros, sheets as large as a sheet
 * can be, and zip bombs, through the HTTP API with a canary listening on loopback. The sandbox, the hardened profile
 * and the format detection are Word to PDF's (`d-word.test.ts`); these rows show they hold for Calc too.
 */

let testApp: TestApp;
let canary: Canary;
const hostname = readFileSync('/etc/hostname', 'utf8').trim();

beforeAll(async () => {
  testApp = await createTestApp();
  canary = await startCanary();
});
afterAll(async () => {
  await canary.close();
  await testApp.close();
});

async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-sheet-text-'));
  try {
    await writeFile(join(dir, 'out.pdf'), pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'out.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Converts and checks: a PDF with the workbook's own text, nothing fetched, nothing local read, nothing run. */
async function expectConvertedSafely(name: string, bytes: Uint8Array, ownText: string) {
  const reply = await postTool(testApp, 'excel-to-pdf', [{ name, bytes }]);
  expectOutput(reply, 'excel-to-pdf');
  const text = await pdfText(reply.rawPayload);
  expect(text).toContain(ownText);
  expect(text).not.toContain(hostname);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(canary.contacts).toEqual([]);
  return text;
}

describe('D. Spreadsheets that fetch, read or run something (items 35–37, 41)', () => {
  it('35, 37. external workbook links, WEBSERVICE and HYPERLINK to the canary and a local file: nothing fetched or read', async () => {
    const text = await expectConvertedSafely(
      'links.xlsx',
      createLinkingXlsx(canary.url),
      'Quire sheet canary',
    );
    // The links are never updated: what the file stored for them is what prints.
    expect(text).toContain('stored link value');
    // The first conversion also starts the office lane's LibreOffice.
  }, 240_000);

  it('36, 41. an .xlsm with VBA Auto_Open and Workbook_Open, a DDE link to cmd and a script hyperlink: nothing runs', async () => {
    await expectConvertedSafely('macros.xlsm', createMacroXlsm(canary.url), 'Quire macro sheet');
    expect(existsSync('/tmp/quire-macro-ran')).toBe(false);
  }, 120_000);

  it('37. a flat ODF spreadsheet calling WEBSERVICE is markup, not a CSV, and never reaches LibreOffice (415)', async () => {
    const reply = await postTool(testApp, 'excel-to-pdf', [
      { name: 'sheet.csv', bytes: createWebserviceFods(canary.url) },
    ]);
    expectRefusal(reply, 415, 'INVALID_FILE_TYPE');
    expect(canary.contacts).toEqual([]);
  });
});

// [item, what, file name, bytes, 200 or [status, code]]
const CONTAINERS: Array<
  [string, string, string, () => Uint8Array | Promise<Uint8Array>, 200 | [number, ErrorCode]]
> = [
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
  it.each(CONTAINERS)(
    '%s. %s',
    async (_item, _what, name, build, outcome) => {
      const reply = await postTool(testApp, 'excel-to-pdf', [{ name, bytes: await build() }]);
      if (outcome === 200) {
        expectOutput(reply, 'excel-to-pdf');
      } else {
        const error = expectRefusal(reply, outcome[0], outcome[1]);
        if (outcome[1] !== 'JOB_TIMEOUT')
          expect(error.details).toMatchObject({ fileIndex: 0, fileName: name });
      }
      await expectStillServing(testApp, ['excel-to-pdf']);
    },
    180_000,
  );
});
