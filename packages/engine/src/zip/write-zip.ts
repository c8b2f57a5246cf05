import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
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
  const pending: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else pending.push(chunk);
  });
  const flush = async () => {
    for (const chunk of pending.splice(0)) {
      if (!output.write(chunk)) await once(output, 'drain');
    }
    if (failure) throw failure;
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
    await once(output, 'finish');
  } catch (error) {
    output.destroy();
    throw error;
  }
}

/** Longest entry name kept, in UTF-8 bytes, so archives extract everywhere (Windows included). */
const MAX_ENTRY_NAME_BYTES = 150;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/**
 * Entry names that extract safely on every system: no folders, no control characters, no Windows reserved names
 * or trailing dots, NFC, at most 150 bytes, and unique without regard to case (`a.pdf`, `a (2).pdf`).
 */
export function uniqueEntryNames(names: readonly string[]): { original: string; unique: string }[] {
  const taken = new Set<string>();
  return names.map((original) => {
    const safe = safeEntryName(original);
    const dot = safe.lastIndexOf('.');
    const stem = dot > 0 ? safe.slice(0, dot) : safe;
    const extension = dot > 0 ? safe.slice(dot) : '';
    let unique = safe;
    for (let copy = 2; taken.has(unique.toLowerCase()); copy += 1) unique = `${stem} (${copy})${extension}`;
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
  const encoder = new TextEncoder();
  while (encoder.encode(safe).length > MAX_ENTRY_NAME_BYTES) safe = [...safe].slice(0, -1).join('');
  return safe;
}
