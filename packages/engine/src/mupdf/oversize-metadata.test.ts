import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { createFlateBomb, createMetadataFlateBomb, encryptPdf, writePdf } from '@quire/test-kit/hostile-pdfs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_METADATA_BYTES, hasOversizeMetadata } from './oversize-metadata.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-metadata-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A one-page PDF whose catalog's metadata stream has `dict` and `stream`, written to a file. */
async function withMetadata(name: string, dict: string, stream: Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(
    path,
    writePdf([
      '<< /Type /Catalog /Pages 2 0 R /Metadata 4 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
      { dict, stream },
    ]),
  );
  return path;
}

const XMP = Buffer.from(
  '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"/>',
);
const OVER_CAP = MAX_METADATA_BYTES + 1024 * 1024;

describe('hasOversizeMetadata', () => {
  it('finds metadata that inflates beyond the cap, behind one FlateDecode or several', async () => {
    const bomb = join(dir, 'bomb.pdf');
    await writeFile(bomb, createMetadataFlateBomb());
    expect(await hasOversizeMetadata(bomb, undefined)).toBe(true);
    const stacked = await withMetadata(
      'stacked.pdf',
      '<< /Type /Metadata /Subtype /XML /Filter [/FlateDecode /Fl] >>',
      deflateSync(createFlateBomb(OVER_CAP)),
    );
    expect(await hasOversizeMetadata(stacked, undefined)).toBe(true);
  });

  it('passes metadata within the cap, absent, or behind filters it does not decode', async () => {
    const plain = await withMetadata('plain.pdf', '<< /Type /Metadata /Subtype /XML >>', XMP);
    expect(await hasOversizeMetadata(plain, undefined)).toBe(false);
    const justUnder = await withMetadata(
      'under.pdf',
      '<< /Type /Metadata /Subtype /XML /Filter /FlateDecode >>',
      createFlateBomb(MAX_METADATA_BYTES - 1024 * 1024, 0x20, XMP),
    );
    expect(await hasOversizeMetadata(justUnder, undefined)).toBe(false);
    const hex = await withMetadata(
      'hex.pdf',
      '<< /Type /Metadata /Subtype /XML /Filter /ASCIIHexDecode >>',
      Buffer.from(`${XMP.toString('hex')}>`),
    );
    expect(await hasOversizeMetadata(hex, undefined)).toBe(false);
    const none = join(dir, 'none.pdf');
    await writeFile(
      none,
      writePdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']),
    );
    expect(await hasOversizeMetadata(none, undefined)).toBe(false);
  });

  it('reads an encrypted file with its password, and leaves it to the engines without one', async () => {
    const encrypted = join(dir, 'encrypted.pdf');
    await writeFile(encrypted, encryptPdf(createMetadataFlateBomb(), 'secret'));
    expect(await hasOversizeMetadata(encrypted, 'secret')).toBe(true);
    expect(await hasOversizeMetadata(encrypted, undefined)).toBe(false);
  });
});
