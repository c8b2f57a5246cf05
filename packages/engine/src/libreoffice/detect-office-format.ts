import { readFile } from 'node:fs/promises';
import { AppError } from '@quire/shared';
import type { InputFile } from '../ops/types.ts';
import { detectOleFormat } from './detect-ole-format.ts';
import { OFFICE_FAMILIES, type OfficeFamily, type OfficeFormat } from './office-formats.ts';
import { OLE_SIGNATURE, OleDamagedError } from './read-ole-directory.ts';
import {
  readZipDirectory,
  readZipText,
  ZipDamagedError,
  ZipEntryLimitError,
  type ZipEntry,
} from '../zip/read-zip-directory.ts';
import { isPlainText } from './text-input.ts';

/**
 * Content types of the OOXML main parts, by format: documents, templates and their macro-enabled kinds (the
 * macros never run: see `hardened-profile.ts`). A slide show (.ppsx) is a presentation LibreOffice opens as such.
 */
const OOXML_MAIN_TYPES: ReadonlyArray<readonly [OfficeFormat, string]> = [
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml'],
  ['docx', 'application/vnd.ms-word.document.macroEnabled.main+xml'],
  ['docx', 'application/vnd.ms-word.template.macroEnabledTemplate.main+xml'],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml'],
  ['xlsx', 'application/vnd.ms-excel.sheet.macroEnabled.main+xml'],
  ['xlsx', 'application/vnd.ms-excel.template.macroEnabled.main+xml'],
  ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml'],
  ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.template.main+xml'],
  ['pptx', 'application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml'],
  ['pptx', 'application/vnd.ms-powerpoint.template.macroEnabled.main+xml'],
  ['ppsx', 'application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml'],
  ['ppsx', 'application/vnd.ms-powerpoint.slideshow.macroEnabled.main+xml'],
];
/** ODF packages name their type in a first entry called `mimetype`; templates end in `-template`. */
const ODF_MIME_TYPES: ReadonlyArray<readonly [OfficeFormat, string]> = [
  ['odt', 'application/vnd.oasis.opendocument.text'],
  ['ods', 'application/vnd.oasis.opendocument.spreadsheet'],
  ['odp', 'application/vnd.oasis.opendocument.presentation'],
];
/** `{\rtf`: how every RTF file starts. */
const RTF_SIGNATURE = [0x7b, 0x5c, 0x72, 0x74, 0x66];
/** Zip-bomb guard on declared sizes, checked before LibreOffice sees the file (hardening item 43). */
const ZIP_LIMITS = { entries: 10_000, entryBytes: 100 * 1024 * 1024, totalBytes: 500 * 1024 * 1024 };
/** `[Content_Types].xml`, `_rels/.rels`, `mimetype` and an ODF manifest are small; anything bigger is not read. */
const MAX_PACKAGE_XML_BYTES = 1024 * 1024;

/**
 * Decides from the bytes, never from the name, whether an upload is a document of `family` that LibreOffice
 * should see, and as which format: OLE and zip containers by what they hold, RTF by its signature, and plain text
 * that is not markup as the family's text format (CSV, or a text document). Throws `EMPTY_FILE`, `INVALID_FILE_TYPE` (415: another kind of file),
 * `PASSWORD_REQUIRED`, `FILE_DAMAGED` or `DOCUMENT_TOO_COMPLEX` (a zip bomb), naming the file.
 */
export async function detectOfficeFormat(file: InputFile, family: OfficeFamily): Promise<OfficeFormat> {
  const bytes = new Uint8Array(await readFile(file.path));
  const details = { fileIndex: 0, fileName: file.name };
  const { noun, extensions, formats } = OFFICE_FAMILIES[family];
  const wrongType = () =>
    new AppError('INVALID_FILE_TYPE', `"${file.name}" is not a ${noun} (${extensions}).`, details);
  const accept = (format: OfficeFormat | null) => {
    if (format === null || !formats.includes(format)) throw wrongType();
    return format;
  };
  if (bytes.length === 0) throw new AppError('EMPTY_FILE', `"${file.name}" is empty.`, details);
  try {
    if (OLE_SIGNATURE.every((byte, index) => bytes[index] === byte)) {
      const verdict = detectOleFormat(bytes);
      if (verdict.kind === 'encrypted') throw passwordRequired(file);
      return accept(verdict.kind === 'format' ? verdict.format : null);
    }
    if (bytes[0] === 0x50 && bytes[1] === 0x4b) return accept(detectZipFormat(bytes, file));
  } catch (error) {
    if (error instanceof OleDamagedError || error instanceof ZipDamagedError) {
      throw new AppError('FILE_DAMAGED', `"${file.name}" is damaged and cannot be opened.`, details, {
        cause: error,
      });
    }
    throw error;
  }
  if (formats.includes('rtf') && RTF_SIGNATURE.every((byte, index) => bytes[index] === byte)) return 'rtf';
  if (isPlainText(bytes)) {
    if (formats.includes('csv')) return 'csv';
    if (formats.includes('txt')) return 'txt';
  }
  throw wrongType();
}

/** An OOXML or ODF package's format, null for another zip; throws for a bomb or an encrypted ODF package. */
function detectZipFormat(bytes: Uint8Array, file: InputFile): OfficeFormat | null {
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
  const text = (name: string) => {
    const entry = byName.get(name);
    return entry ? readZipText(bytes, entry, MAX_PACKAGE_XML_BYTES) : null;
  };

  const mimetype = text('mimetype')?.trim();
  if (mimetype !== undefined) {
    const odf = ODF_MIME_TYPES.find(([, type]) => mimetype === type || mimetype === `${type}-template`);
    if (!odf) return null;
    // An ODF package protected by a password keeps its manifest in clear, with encryption data per part.
    if (/encryption-data\b/.test(text('META-INF/manifest.xml') ?? '')) throw passwordRequired(file);
    return odf[0];
  }

  const contentTypes = text('[Content_Types].xml');
  const packageRels = text('_rels/.rels');
  if (contentTypes === null || packageRels === null) return null;
  // The package relationship of type …/officeDocument names the main part; its content type decides.
  const mainTarget = xmlElements(packageRels, 'Relationship')
    .filter((attributes) => /\/officeDocument$/.test(attributes.Type ?? ''))
    .map((attributes) => attributes.Target ?? '')[0];
  const mainPart = mainTarget?.replace(/^\//, '');
  if (!mainPart || !byName.has(mainPart)) return null;
  const override = xmlElements(contentTypes, 'Override').find(
    (attributes) => attributes.PartName?.replace(/^\//, '') === mainPart,
  );
  return OOXML_MAIN_TYPES.find(([, type]) => type === override?.ContentType)?.[0] ?? null;
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
