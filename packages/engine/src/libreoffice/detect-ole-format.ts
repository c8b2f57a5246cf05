import { readOleDirectory, type OleStream } from './read-ole-directory.ts';
import type { OfficeFormat } from './office-formats.ts';

/** What an OLE compound file holds, as far as the office tools care. */
export type OleVerdict =
  { kind: 'format'; format: OfficeFormat } | { kind: 'encrypted' } | { kind: 'unknown' };

/** FIB of Word 97–2003 (0xA5EC) and Word 6/95 (0xA5DC); its flags word at offset 10 has fEncrypted = 0x0100. */
const FIB_IDENTS = new Set([0xa5ec, 0xa5dc]);
const FIB_ENCRYPTED = 0x0100;
/** BIFF records: FILEPASS (the workbook is encrypted) and EOF (end of the globals substream). */
const BIFF_FILEPASS = 0x002f;
const BIFF_EOF = 0x000a;
/** How much of a workbook stream is scanned for FILEPASS, which comes within the first few records. */
const BIFF_SCAN_BYTES = 64 * 1024;
/** The `Current User` stream's CurrentUserAtom: its headerToken says whether the presentation is encrypted. */
const PPT_TOKEN_ENCRYPTED = 0xf3d1c4df;

/**
 * Tells a Word (.doc), Excel (.xls) or PowerPoint (.ppt) compound file apart by its streams, and whether it is
 * encrypted: an OOXML file protected by a password is itself a compound file (MS-OFFCRYPTO's EncryptionInfo and
 * EncryptedPackage); the binary formats each flag it their own way. Throws `OleDamagedError` for a directory
 * that cannot be read.
 */
export function detectOleFormat(bytes: Uint8Array): OleVerdict {
  const { streams, readStreamStart } = readOleDirectory(bytes);
  const byName = new Map<string, OleStream>(streams.map((stream) => [stream.name, stream]));
  const start = (name: string, length: number) => {
    const stream = byName.get(name);
    if (!stream) return null;
    const part = readStreamStart(stream, length);
    return new DataView(part.buffer, part.byteOffset, part.byteLength);
  };
  if (byName.has('EncryptionInfo') && byName.has('EncryptedPackage')) return { kind: 'encrypted' };

  const fib = start('WordDocument', 12);
  if (fib) {
    if (fib.byteLength < 12 || !FIB_IDENTS.has(fib.getUint16(0, true))) return { kind: 'unknown' };
    return fib.getUint16(10, true) & FIB_ENCRYPTED
      ? { kind: 'encrypted' }
      : { kind: 'format', format: 'doc' };
  }
  // BIFF8 workbooks are in `Workbook`, BIFF5 (Excel 5/95) ones in `Book`.
  const workbook = start('Workbook', BIFF_SCAN_BYTES) ?? start('Book', BIFF_SCAN_BYTES);
  if (workbook) {
    return hasBiffFilepass(workbook) ? { kind: 'encrypted' } : { kind: 'format', format: 'xls' };
  }
  if (byName.has('PowerPoint Document')) {
    const user = start('Current User', 16);
    if (user && user.byteLength >= 16 && user.getUint32(12, true) === PPT_TOKEN_ENCRYPTED) {
      return { kind: 'encrypted' };
    }
    return { kind: 'format', format: 'ppt' };
  }
  return { kind: 'unknown' };
}

/** Walks the workbook globals' records (type, length, data) up to their EOF, looking for FILEPASS. */
function hasBiffFilepass(view: DataView): boolean {
  for (let at = 0; at + 4 <= view.byteLength;) {
    const type = view.getUint16(at, true);
    if (type === BIFF_FILEPASS) return true;
    if (type === BIFF_EOF) return false;
    at += 4 + view.getUint16(at + 2, true);
  }
  return false;
}
