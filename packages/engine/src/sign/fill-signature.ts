import { createHash } from 'node:crypto';
import { AppError } from '@quire/shared';
import { BYTE_RANGE_PLACEHOLDER } from './add-signature-field.ts';

/**
 * Signs a written PDF in place: finds the last signature placeholder (`addSignatureField`: a /ByteRange of
 * `BYTE_RANGE_PLACEHOLDER`s and a /Contents of `contentsBytes` zero bytes, written in hexadecimal), writes the byte
 * range (the whole file but the /Contents string, its angle brackets included) over the first, padded with spaces,
 * then the signature of those bytes' SHA-256 (`signDigest`, a CMS) into the second, padded with zeros. Nothing moves:
 * the file keeps its length and its cross-reference offsets.
 */
export function fillSignature(
  written: Uint8Array,
  contentsBytes: number,
  signDigest: (digest: Uint8Array) => Uint8Array,
): Uint8Array {
  const bytes = Buffer.from(written);
  const contents = `<${'0'.repeat(2 * contentsBytes)}>`;
  const contentsStart = bytes.lastIndexOf(contents, undefined, 'latin1');
  const text = bytes.toString('latin1');
  const rangePattern = new RegExp(
    `/ByteRange\\s*\\[\\s*0\\s+${BYTE_RANGE_PLACEHOLDER}\\s+${BYTE_RANGE_PLACEHOLDER}\\s+${BYTE_RANGE_PLACEHOLDER}\\s*\\]`,
    'g',
  );
  const ranges = [...text.matchAll(rangePattern)];
  const range = ranges.at(-1);
  if (contentsStart < 0 || range?.index === undefined) {
    throw new AppError('INTERNAL', 'The signature placeholder was not found in the written PDF.');
  }
  const contentsEnd = contentsStart + contents.length;
  const byteRange = [0, contentsStart, contentsEnd, bytes.length - contentsEnd];
  const rangeStart = range.index + range[0].indexOf('[');
  const rangeEnd = range.index + range[0].length;
  const rangeText = `[${byteRange.join(' ')}`;
  bytes.write(`${rangeText.padEnd(rangeEnd - rangeStart - 1, ' ')}]`, rangeStart, 'latin1');

  const digest = createHash('sha256')
    .update(bytes.subarray(0, contentsStart))
    .update(bytes.subarray(contentsEnd))
    .digest();
  const signature = Buffer.from(signDigest(digest)).toString('hex').toUpperCase();
  if (signature.length > 2 * contentsBytes) {
    throw new AppError('INTERNAL', 'The signature is larger than the room kept for it.');
  }
  bytes.write(signature, contentsStart + 1, 'latin1');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}
