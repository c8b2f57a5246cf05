import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { Zip, ZipPassThrough } from 'fflate';

export type ZipEntry = {
  /** Name inside the archive; made safe and unique by `uniqueEntryNames`. */
  name: string;
  /** File on disk whose bytes become the entry. */
  path: string;
};

/**
 * Writes a zip of files already on disk, streaming each through without compression: PDFs and JPEGs are compressed
 * already, so storing them is fastest and costs almost nothing in size. Memory stays flat whatever the total.
 */
export async function writeZip(outputPath: string, entries: readonly ZipEntry[]): Promise<void> {
  const output = createWriteStream(outputPath, { mode: 0o600 });
  // A write can fail after it was accepted (EFBIG past the job's output budget, ENOSPC): the failure is kept and
  // thrown at the next step, never left as an unhandled 'error' event that would take the worker down.
  let writeFailure: Error | null = null;
  output.on('error', (error) => {
    writeFailure ??= error;
  });
  const pending: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else pending.push(chunk);
  });
  const throwIfFailed = () => {
    if (writeFailure) throw writeFailure;
    if (failure) throw failure;
  };
  const flush = async () => {
    for (const chunk of pending.splice(0)) {
      throwIfFailed();
      if (!output.write(chunk)) await drained(output);
    }
    throwIfFailed();
  };
  try {
    const names = uniqueEntryNames(entries.map((entry) => entry.name));
    for (const [index, entry] of entries.entries()) {
      const file = new ZipPassThrough(names[index]?.unique ?? `file-${index + 1}`);
      zip.add(file);
      for await (const chunk of createReadStream(entry.path)) {
        file.push(chunk as Uint8Array);
        await flush();
      }
      file.push(new Uint8Array(), true);
      await flush();
    }
    zip.end();
    await flush();
    output.end();
    await finished(output);
    throwIfFailed();
  } catch (error) {
    output.destroy();
    throw writeFailure ?? error;
  }
}

/** Resolves when the stream wants more, or when it has failed or closed (the caller then finds the failure). */
function drained(output: WriteStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      output.off('drain', done);
      output.off('close', done);
      output.off('error', done);
      resolve();
    };
    output.once('drain', done);
    output.once('close', done);
    output.once('error', done);
  });
}

/** Longest entry name kept, in UTF-8 bytes, so archives extract everywhere (Windows included). */
const MAX_ENTRY_NAME_BYTES = 150;
/** An extension longer than this is part of the name (`notes.from the meeting`), not a type to keep. */
const MAX_EXTENSION_CHARS = 10;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/**
 * Entry names that extract safely on every system: no folders, no control characters, no Windows reserved names
 * or trailing dots, NFC, at most 150 bytes with the extension kept, and unique without regard to case (`a.pdf`,
 * `a (2).pdf`).
 */
export function uniqueEntryNames(names: readonly string[]): { original: string; unique: string }[] {
  const taken = new Set<string>();
  return names.map((original) => {
    const { stem, extension } = splitExtension(safeEntryName(original));
    let unique = fitName(stem, '', extension);
    for (let copy = 2; taken.has(unique.toLowerCase()); copy += 1) {
      unique = fitName(stem, ` (${copy})`, extension);
    }
    taken.add(unique.toLowerCase());
    return { original, unique };
  });
}

function safeEntryName(name: string): string {
  let safe = (name.split(/[/\\]/).pop() ?? '')
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters never belong in a file name
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .replace(/[. ]+$/, '')
    .trim();
  if (safe === '' || safe === '.' || safe === '..') safe = 'file';
  if (WINDOWS_RESERVED.test(safe)) safe = `_${safe}`;
  return safe;
}

function splitExtension(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.');
  const hasExtension = dot > 0 && name.length - dot <= MAX_EXTENSION_CHARS;
  return hasExtension
    ? { stem: name.slice(0, dot), extension: name.slice(dot) }
    : { stem: name, extension: '' };
}

/** `stem + suffix + extension` within `MAX_ENTRY_NAME_BYTES` of UTF-8, cutting the stem's end: `.pdf` stays. */
function fitName(stem: string, suffix: string, extension: string): string {
  const encoder = new TextEncoder();
  const chars = [...stem];
  while (
    chars.length > 0 &&
    encoder.encode(chars.join('') + suffix + extension).length > MAX_ENTRY_NAME_BYTES
  ) {
    chars.pop();
  }
  // Cutting may leave a trailing dot or space, which Windows drops from file names.
  const cut = chars.join('').replace(/[. ]+$/, '');
  return `${cut === '' ? 'file' : cut}${suffix}${extension}`;
}
