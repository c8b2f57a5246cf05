import { readFile } from 'node:fs/promises';
import { AppError } from '@quire/shared';
import type { InputFile } from '../ops/types.ts';
import { OLE_SIGNATURE, OleDamagedError, readOleDirectory } from './read-ole-directory.ts';
import {
  readZipDirectory,
  readZipText,
  ZipDamagedError,
  ZipEntryLimitError,
  type ZipEntry,
} from './read-zip-directory.ts';

export type WordFormat = 'doc' | 'docx';

/** Content types of a WordprocessingML main part: document, template, and their macro-enabled kinds. */
const WORD_MAIN_TYPES = new Set([
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml',
  'application/vnd.ms-word.document.macroEnabled.main+xml',
  'application/vnd.ms-word.template.macroEnabledTemplate.main+xml',
]);
/** Zip-bomb guard on declared sizes, checked before LibreOffice sees the file (hardening item 43). */
const ZIP_LIMITS = { entries: 10_000, entryBytes: 100 * 1024 * 1024, totalBytes: 500 * 1024 * 1024 };
/** `[Content_Types].xml` and `_rels/.rels` are a few kilobytes; anything bigger is not read. */
const MAX_PACKAGE_XML_BYTES = 1024 * 1024;
/** FIB of Word 97–2003 (0xA5EC) and Word 6/95 (0xA5DC); its flags word at offset 10 has fEncrypted = 0x0100. */
const FIB_IDENTS = new Set([0xa5ec, 0xa5dc]);
const FIB_ENCRYPTED = 0x0100;

/**
 * Decides from the bytes, never from the name, whether an upload is a Word document LibreOffice should see, and
 * as which file type. Throws `EMPTY_FILE`, `INVALID_FILE_TYPE` (415: not Word), `PASSWORD_REQUIRED`,
 * `FILE_DAMAGED` or `DOCUMENT_TOO_COMPLEX` (a zip bomb), naming the file.
 */
export async function detectWordFormat(file: InputFile): Promise<WordFormat> {
  const bytes = new Uint8Array(await readFile(file.path));
  const details = { fileIndex: 0, fileName: file.name };
  const notWord = () =>
    new AppError('INVALID_FILE_TYPE', `"${file.name}" is not a Word document (.docx or .doc).`, details);
  if (bytes.length === 0) throw new AppError('EMPTY_FILE', `"${file.name}" is empty.`, details);
  try {
    if (OLE_SIGNATURE.every((byte, index) => bytes[index] === byte)) return detectOle(bytes, file, notWord);
    if (bytes[0] === 0x50 && bytes[1] === 0x4b) return detectOoxml(bytes, file, notWord);
  } catch (error) {
    if (error instanceof OleDamagedError || error instanceof ZipDamagedError) {
      throw new AppError('FILE_DAMAGED', `"${file.name}" is damaged and cannot be opened.`, details, {
        cause: error,
      });
    }
    throw error;
  }
  throw notWord();
}

function detectOle(bytes: Uint8Array, file: InputFile, notWord: () => AppError): WordFormat {
  const { streams, readStreamStart } = readOleDirectory(bytes);
  const names = new Set(streams.map((stream) => stream.name));
  // A password-protected .docx is an OLE container holding the encrypted zip (MS-OFFCRYPTO).
  if (names.has('EncryptionInfo') && names.has('EncryptedPackage')) throw passwordRequired(file);
  const main = streams.find((stream) => stream.name === 'WordDocument');
  if (!main) throw notWord();
  const fib = new DataView(readStreamStart(main, 12).buffer);
  if (fib.byteLength < 12 || !FIB_IDENTS.has(fib.getUint16(0, true))) throw notWord();
  if (fib.getUint16(10, true) & FIB_ENCRYPTED) throw passwordRequired(file);
  return 'doc';
}

function detectOoxml(bytes: Uint8Array, file: InputFile, notWord: () => AppError): WordFormat {
  const tooLarge = (cause?: unknown) =>
    new AppError(
      'DOCUMENT_TOO_COMPLEX',
      `"${file.name}" unpacks to more than a document may hold.`,
      { fileIndex: 0, fileName: file.name },
      { cause },
    );
  let entries: ZipEntry[];
  try {
    entries = readZipDirectory(bytes, ZIP_LIMITS.entries);
  } catch (error) {
    if (error instanceof ZipEntryLimitError) throw tooLarge(error);
    throw error;
  }
  const total = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (total > ZIP_LIMITS.totalBytes || entries.some((entry) => entry.size > ZIP_LIMITS.entryBytes)) {
    throw tooLarge();
  }
  const byName = new Map<string, ZipEntry>(entries.map((entry) => [entry.name, entry]));
  const contentTypes = byName.get('[Content_Types].xml');
  const packageRels = byName.get('_rels/.rels');
  if (!contentTypes || !packageRels) throw notWord();

  // The package relationship of type …/officeDocument names the main part; its content type must be Word's.
  const mainTarget = xmlElements(readZipText(bytes, packageRels, MAX_PACKAGE_XML_BYTES), 'Relationship')
    .filter((attributes) => /\/officeDocument$/.test(attributes.Type ?? ''))
    .map((attributes) => attributes.Target ?? '')[0];
  const mainPart = mainTarget?.replace(/^\//, '');
  if (!mainPart || !byName.has(mainPart)) throw notWord();
  const override = xmlElements(readZipText(bytes, contentTypes, MAX_PACKAGE_XML_BYTES), 'Override').find(
    (attributes) => attributes.PartName?.replace(/^\//, '') === mainPart,
  );
  if (!WORD_MAIN_TYPES.has(override?.ContentType ?? '')) throw notWord();
  return 'docx';
}

/** Attributes of every `<name …>` element: enough for the two flat package files read here. */
function xmlElements(xml: string, name: string): Array<Record<string, string>> {
  const elements = xml.match(new RegExp(`<(?:\\w+:)?${name}\\b[^>]*>`, 'g')) ?? [];
  return elements.map((element) =>
    Object.fromEntries(
      [...element.matchAll(/([\w:]+)\s*=\s*("([^"]*)"|'([^']*)')/g)].map((m) => [m[1], m[3] ?? m[4]]),
    ),
  );
}

function passwordRequired(file: InputFile): AppError {
  return new AppError('PASSWORD_REQUIRED', `"${file.name}" is protected by a password.`, {
    fileIndex: 0,
    fileName: file.name,
  });
}
