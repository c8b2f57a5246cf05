import { readFile } from 'node:fs/promises';
import {
  AppError,
  MAX_HTML_ZIP_ENTRIES,
  MAX_HTML_ZIP_ENTRY_BYTES,
  MAX_HTML_ZIP_TOTAL_BYTES,
} from '@quire/shared';
import type { InputFile } from '../ops/types.ts';
import {
  isEncryptedEntry,
  isSymlinkEntry,
  readZipDirectory,
  readZipEntry,
  ZipDamagedError,
  type ZipEntry,
  ZipEntryLimitError,
} from '../zip/read-zip-directory.ts';

/**
 * The files of the page HTML to PDF prints, as the browser asks for them by their paths: one HTML file alone, or
 * the files of a zip. Nothing here touches the disk after the upload is read: a zip is never unpacked into
 * directories, so no name in it (`../x`, `/etc/passwd`, a link) can reach a file outside it.
 */
export type HtmlSite = {
  /** The page to print, by its path in the site: `index.html`, or `<folder>/index.html`. */
  readonly indexPath: string;
  /** A file's bytes by its path (as in the zip, `/`-separated, no leading slash); null when the site has none. */
  read(path: string): Uint8Array | null;
  /** Files the site holds (1 for an HTML file alone). */
  readonly fileCount: number;
};

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** The page's name, in the order it is looked for. */
const INDEX_NAMES = ['index.html', 'index.htm'];

/**
 * Reads an upload of HTML to PDF: a zip (told by its bytes) becomes the site of its files, anything else is one HTML
 * page. A zip is checked from its directory alone before anything is inflated: more than `MAX_HTML_ZIP_ENTRIES`
 * entries, one declaring more than `MAX_HTML_ZIP_ENTRY_BYTES` or all together more than `MAX_HTML_ZIP_TOTAL_BYTES`
 * is `DOCUMENT_TOO_COMPLEX`; an unreadable directory or page `FILE_DAMAGED`; no `index.html` at its top or in its one
 * top folder `HTML_INDEX_MISSING`. Entries that are links, encrypted, or whose names are not plain relative paths
 * are never served; the others are inflated when the page first asks for them, into buffers of their declared size.
 */
export async function readHtmlSite(file: InputFile): Promise<HtmlSite> {
  const bytes = new Uint8Array(await readFile(file.path));
  const details = { fileIndex: 0, fileName: file.name };
  if (bytes.length === 0) throw new AppError('EMPTY_FILE', `"${file.name}" is empty.`, details);
  if (!ZIP_MAGIC.every((byte, index) => bytes[index] === byte)) {
    return { indexPath: 'index.html', read: (path) => (path === 'index.html' ? bytes : null), fileCount: 1 };
  }
  const damaged = (cause: unknown) =>
    new AppError('FILE_DAMAGED', `"${file.name}" is damaged and cannot be opened.`, details, { cause });
  const tooLarge = (cause?: unknown) =>
    new AppError(
      'DOCUMENT_TOO_COMPLEX',
      `"${file.name}" holds more files, or unpacks to more, than a page may.`,
      details,
      { cause },
    );
  let entries: ZipEntry[];
  try {
    entries = readZipDirectory(bytes, MAX_HTML_ZIP_ENTRIES);
  } catch (error) {
    if (error instanceof ZipEntryLimitError) throw tooLarge(error);
    if (error instanceof ZipDamagedError) throw damaged(error);
    throw error;
  }
  const total = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (total > MAX_HTML_ZIP_TOTAL_BYTES || entries.some((entry) => entry.size > MAX_HTML_ZIP_ENTRY_BYTES)) {
    throw tooLarge();
  }

  const files = new Map<string, ZipEntry>();
  const byLowerName = new Map<string, ZipEntry>();
  for (const entry of entries) {
    const path = servedPath(entry);
    if (path === null || files.has(path)) continue;
    files.set(path, entry);
    if (!byLowerName.has(path.toLowerCase())) byLowerName.set(path.toLowerCase(), entry);
  }
  const indexPath = findIndex([...files.keys()]);
  if (indexPath === null) {
    throw new AppError(
      'HTML_INDEX_MISSING',
      `"${file.name}" has no index.html at its top or in its one top folder.`,
      details,
    );
  }

  const inflated = new Map<ZipEntry, Uint8Array | null>();
  const inflate = (entry: ZipEntry): Uint8Array | null => {
    if (!inflated.has(entry)) {
      try {
        inflated.set(entry, readZipEntry(bytes, entry, MAX_HTML_ZIP_ENTRY_BYTES));
      } catch (error) {
        if (!(error instanceof ZipDamagedError)) throw error;
        inflated.set(entry, null);
      }
    }
    return inflated.get(entry) ?? null;
  };
  const indexEntry = files.get(indexPath) as ZipEntry;
  if (inflate(indexEntry) === null) throw damaged(new Error('the page cannot be inflated'));
  return {
    indexPath,
    fileCount: files.size,
    // Exactly as named, else as named in another case (a site made on Windows, whose servers ignore case).
    read: (path) => {
      const entry = files.get(path) ?? byLowerName.get(path.toLowerCase());
      return entry ? inflate(entry) : null;
    },
  };
}

/**
 * The path an entry is served under, or null for one never served: a folder, a link, an encrypted entry, or a name
 * that is not a plain relative path (absolute, a drive, `.` or `..` segments, empty segments, control characters).
 * Backslashes, which some Windows tools write, separate folders as slashes do.
 */
function servedPath(entry: ZipEntry): string | null {
  if (isSymlinkEntry(entry) || isEncryptedEntry(entry) || entry.name.endsWith('/')) return null;
  const name = entry.name.replaceAll('\\', '/');
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || /[\u0000-\u001f\u007f]/.test(name)) return null;
  const segments = name.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return null;
  return segments.join('/');
}

/**
 * `index.html` (or `.htm`) at the top, else in the one folder every file is in (a zipped folder; macOS's
 * `__MACOSX/` beside it, which holds the folder's Finder data, does not count).
 */
function findIndex(paths: readonly string[]): string | null {
  const top = INDEX_NAMES.find((name) => paths.includes(name));
  if (top) return top;
  const folders = new Set(
    paths
      .filter((path) => !path.startsWith('__MACOSX/'))
      .map((path) => (path.includes('/') ? path.slice(0, path.indexOf('/')) : '')),
  );
  const [folder] = folders;
  if (folders.size !== 1 || !folder) return null;
  return INDEX_NAMES.map((name) => `${folder}/${name}`).find((path) => paths.includes(path)) ?? null;
}
