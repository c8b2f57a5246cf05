import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useJobContext, inputFile } from '../../test/job-context.ts';
import { createDocx, createManyEntriesDocx } from '@quire/test-kit/hostile-word';
import { withZip64EndRecords } from '../../test/zip64-end-records.ts';
import { detectOfficeFormat } from './detect-office-format.ts';
import { readZipDirectory, ZipEntryLimitError } from '../zip/read-zip-directory.ts';

const ctx = useJobContext();

async function detect(bytes: Uint8Array, name = 'entries.docx') {
  const path = join(ctx.workDir, name);
  await writeFile(path, bytes);
  return detectOfficeFormat(inputFile(path), 'word');
}

const tooComplex = { code: 'DOCUMENT_TOO_COMPLEX', details: { fileIndex: 0, fileName: 'entries.docx' } };
const endRecordCount = (zip: Uint8Array) => Buffer.from(zip).readUInt16LE(zip.length - 22 + 10);

describe('the zip entry cap of Word documents', () => {
  // Built once: 70,004 entries take a few seconds to zip.
  const wrapped = createManyEntriesDocx(70_000);

  it('counts the central directory, not the 16-bit count of the end record, which wrapped', async () => {
    expect(endRecordCount(wrapped)).toBe(70_004 - 65_536);
    expect(() => readZipDirectory(wrapped, 10_000)).toThrow(ZipEntryLimitError);
    await expect(detect(wrapped)).rejects.toMatchObject(tooComplex);
  });

  it('reads every entry when no cap is given', () => {
    expect(readZipDirectory(wrapped)).toHaveLength(70_004);
  });

  it('refuses a zip64 archive whose zip64 end record declares more entries than the cap', async () => {
    const zip64 = withZip64EndRecords(createManyEntriesDocx(10_001));
    expect(endRecordCount(zip64)).toBe(0xffff);
    await expect(detect(zip64)).rejects.toMatchObject(tooComplex);
  });

  it('reads an ordinary Word document written with zip64 end records', async () => {
    const zip64 = withZip64EndRecords(createDocx({ body: '<w:p><w:r><w:t>zip64</w:t></w:r></w:p>' }));
    expect(readZipDirectory(zip64).map((entry) => entry.name)).toContain('word/document.xml');
    await expect(detect(zip64, 'zip64.docx')).resolves.toBe('docx');
  });

  it('still takes a document under the cap', async () => {
    await expect(detect(createManyEntriesDocx(100), 'some.docx')).resolves.toBe('docx');
  });
});
