/**
 * Item 43: `zip` (with no archive comment) rewritten with zip64 end records, as writers do for archives of more
 * than 65,535 entries: the classic end record's count, size and offset at their largest values, the true ones
 * (the entries counted in the central directory) in a zip64 end record found through its locator.
 */
export function withZip64EndRecords(zip: Uint8Array): Uint8Array {
  const bytes = Buffer.from(zip);
  const end = bytes.length - 22;
  if (bytes.readUInt32LE(end) !== 0x06054b50) throw new Error('expected an end record with no comment');
  const size = bytes.readUInt32LE(end + 12);
  const offset = bytes.readUInt32LE(end + 16);
  let count = 0;
  for (let at = offset; at < offset + size; count += 1) {
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(size), 40);
  record.writeBigUInt64LE(BigInt(offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(end), 8);
  locator.writeUInt32LE(1, 16);
  const classic = Buffer.alloc(22);
  classic.writeUInt32LE(0x06054b50, 0);
  classic.writeUInt16LE(0xffff, 8);
  classic.writeUInt16LE(0xffff, 10);
  classic.writeUInt32LE(0xffff_ffff, 12);
  classic.writeUInt32LE(0xffff_ffff, 16);
  return Buffer.concat([bytes.subarray(0, end), record, locator, classic]);
}
