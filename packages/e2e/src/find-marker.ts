import { lstat, open, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** The forms a marker may take on disk: as ASCII or UTF-8, and as UTF-16 (how LibreOffice keeps text in memory). */
export function markerForms(marker: string): Buffer[] {
  const utf16be = Buffer.from(marker, 'utf16le');
  utf16be.swap16();
  return [Buffer.from(marker, 'latin1'), Buffer.from(marker, 'utf16le'), utf16be];
}

export type SearchOptions = {
  /** Only files changed at or after this time (ms since the epoch); directories are always walked. */
  changedSince?: number;
  /** Paths not to enter. */
  skip?: readonly string[];
  /** Files larger than this are read only up to it. */
  maxBytes?: number;
};

/**
 * Every file or directory under `roots` whose name holds the marker or whose content holds one of its forms, like
 * `grep -r --binary-files=text` would report them. Symbolic links are not followed; unreadable entries are skipped.
 */
export async function findMarker(
  roots: readonly string[],
  marker: string,
  options: SearchOptions = {},
): Promise<string[]> {
  const forms = markerForms(marker);
  const found: string[] = [];
  // Directories are walked in parallel; files are read a few at a time.
  const reads = limiter(8);
  const visit = async (path: string): Promise<void> => {
    if (options.skip?.includes(path)) return;
    const info = await lstat(path).catch(() => null);
    if (!info) return;
    if (path.includes(marker)) found.push(`${path} (name)`);
    if (info.isDirectory()) {
      const names = await readdir(path).catch(() => []);
      await Promise.all(names.map((name) => visit(join(path, name))));
      return;
    }
    if (!info.isFile() || (options.changedSince !== undefined && info.mtimeMs < options.changedSince)) return;
    if (await reads(() => holdsAny(path, forms, options.maxBytes ?? 256 * 1024 * 1024))) {
      found.push(`${path} (content)`);
    }
  };
  for (const root of roots) await visit(root);
  return found;
}

/** Reads the file in chunks (overlapping by the longest form) and looks for any of `forms`. */
async function holdsAny(path: string, forms: readonly Buffer[], maxBytes: number): Promise<boolean> {
  const handle = await open(path, 'r').catch(() => null);
  if (!handle) return false;
  try {
    const overlap = Math.max(...forms.map((form) => form.length));
    const chunk = Buffer.alloc(4 * 1024 * 1024);
    let carried = Buffer.alloc(0);
    let position = 0;
    while (position < maxBytes) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) return false;
      const window = Buffer.concat([carried, chunk.subarray(0, bytesRead)]);
      if (forms.some((form) => window.includes(form))) return true;
      carried = window.subarray(Math.max(0, window.length - overlap));
      position += bytesRead;
    }
    return false;
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

/** Runs at most `count` of the given tasks at once. */
function limiter(count: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= count) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
