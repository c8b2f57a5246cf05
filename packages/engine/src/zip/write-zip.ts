import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { numberedFileName, safeFileName } from '@quire/shared';
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
export function drained(output: WriteStream): Promise<void> {
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

/**
 * Entry names that extract safely on every system (`safeFileName`: no folders, no control characters, no Windows
 * reserved names or trailing dots, NFC, at most 150 bytes with the extension kept), unique without regard to case
 * (`a.pdf`, `a (2).pdf`).
 */
export function uniqueEntryNames(names: readonly string[]): { original: string; unique: string }[] {
  const taken = new Set<string>();
  return names.map((original) => {
    const safe = safeFileName(original, 'file');
    let unique = safe;
    for (let copy = 2; taken.has(unique.toLowerCase()); copy += 1) unique = numberedFileName(safe, copy);
    taken.add(unique.toLowerCase());
    return { original, unique };
  });
}
