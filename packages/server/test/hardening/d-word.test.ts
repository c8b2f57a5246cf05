import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { corpusPath } from '@quire/corpus';
import { describe, expect, it } from 'vitest';
import { createTextPdf } from '@quire/test-kit/hostile-pdfs';
import {
  createActiveDocm,
  createDeepDocx,
  createEntityExpansionDocx,
  createFlatOdt,
  createFlatWordXml,
  createHugeDeclaredPartDocx,
  createLinkingDocx,
  createManyEntriesDocx,
  createXlsx,
} from '@quire/test-kit/hostile-word';
import { expectOutput, expectRefusal, expectStillServing, postTool } from './harness.ts';
import {
  expectContainerRow,
  expectConvertedSafely as convertedSafely,
  type ContainerRow,
  useOfficeHardeningApp,
} from './office-harness.ts';

/**
 * Hardening catalogue, group D: Office documents through LibreOffice, the items that apply to Word to PDF
 * (docs/hardening.md, items 34–36, 41, 43, 44; 37–40 and 42 are in `d-word-links.test.ts`). The engine's own
 * canary tests (`engine/src/ops/word-to-pdf.test.ts`) cover the corpus's bad Word files, LibreOffice killed or
 * timing out, and processes left behind; the profile's settings are checked by
 * `engine/src/libreoffice/hardened-profile.test.ts`. Here every document goes through the HTTP API, with a canary
 * listening on loopback.
 */

/** The rows' server and the canary on loopback that no document may reach. */
const served = useOfficeHardeningApp();

/** Converts and checks: a PDF with the document's own text, nothing fetched, nothing local read, nothing run. */
const expectConvertedSafely = (name: string, bytes: Uint8Array, ownText: string) =>
  convertedSafely(served.testApp, served.canary, 'word-to-pdf', { name, bytes, ownText });

describe('D. Word documents that fetch, read or run something (items 34–36, 41)', () => {
  it('35–36. external image relationships and INCLUDETEXT / INCLUDEPICTURE fields: nothing fetched or read', async () => {
    await expectConvertedSafely('links.docx', createLinkingDocx(served.canary.url), 'Quire link canary');
    await expectStillServing(served.testApp, ['word-to-pdf']);
  }, 120_000);

  it('36, 41. a .docm with VBA AutoOpen, a ribbon onLoad, a remote template, altChunk, DDEAUTO and LINK: nothing runs', async () => {
    await expectConvertedSafely('macros.docm', createActiveDocm(served.canary.url), 'Quire macro canary');
    expect(existsSync('/tmp/quire-macro-ran')).toBe(false);
    await expectStillServing(served.testApp, ['word-to-pdf']);
  }, 120_000);

  it('35. the corpus document linking file:// images converts without reading them', async () => {
    const reply = await postTool(served.testApp, 'word-to-pdf', [
      {
        name: 'linked.docx',
        bytes: await readFile(corpusPath('bad/pythondocx_linked-images-file-url.docx')),
      },
    ]);
    expectOutput(reply, 'word-to-pdf');
    expect(served.canary.contacts).toEqual([]);
  }, 120_000);

  it('34. a flat ODF document linking the served.canary and a local file never reaches LibreOffice (415)', async () => {
    for (const name of ['links.fodt', 'links.docx']) {
      expectRefusal(
        await postTool(served.testApp, 'word-to-pdf', [{ name, bytes: createFlatOdt(served.canary.url) }]),
        415,
        'INVALID_FILE_TYPE',
        new RegExp(`"${name.replace('.', '\\.')}" is not a Word file`),
      );
    }
    expect(served.canary.contacts).toEqual([]);
  });
});

const CONTAINERS: ContainerRow[] = [
  [
    '43',
    'a part declaring 4 GiB',
    'declared.docx',
    () => createHugeDeclaredPartDocx(),
    [422, 'DOCUMENT_TOO_COMPLEX'],
  ],
  [
    '43',
    // The cap is 10,000 entries: twice as many show it without building 100,000 entries on every run.
    '20,000 zip entries',
    'entries.docx',
    () => createManyEntriesDocx(20_000),
    [422, 'DOCUMENT_TOO_COMPLEX'],
  ],
  ['43', 'entity expansion in document.xml', 'laughs.docx', createEntityExpansionDocx, [422, 'FILE_DAMAGED']],
  ['43', 'content controls nested 100,000 deep', 'deep.docx', () => createDeepDocx(100_000), 200],
  [
    '44',
    'a password-protected .docx',
    'locked.docx',
    () => readFile(corpusPath('word/gotenberg_encrypted_password-foo.docx')),
    [422, 'PASSWORD_REQUIRED'],
  ],
  [
    '44',
    'a truncated .docx',
    'cut.docx',
    () => readFile(corpusPath('bad/poi_truncated-zip.docx')),
    [422, 'FILE_DAMAGED'],
  ],
  ['44', 'an .xlsx named .docx', 'sheet.docx', createXlsx, [415, 'INVALID_FILE_TYPE']],
  ['44', 'flat Word XML named .docx', 'flat.docx', createFlatWordXml, [415, 'INVALID_FILE_TYPE']],
  [
    '44',
    'a JPEG named .docx',
    'photo.docx',
    () => readFile(corpusPath('images/pdfbox_grayscale.jpg')),
    [415, 'INVALID_FILE_TYPE'],
  ],
  ['44', 'a PDF named .docx', 'paper.docx', () => createTextPdf('not word'), [415, 'INVALID_FILE_TYPE']],
];

describe('D. Office containers that ask too much or are not Word (items 43–44)', () => {
  it.each(CONTAINERS)('%s. %s', (...row) => expectContainerRow(served.testApp, 'word-to-pdf', row), 120_000);
});
