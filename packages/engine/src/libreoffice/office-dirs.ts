import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isProcessAlive } from '../process/is-process-alive.ts';
import { removeTree } from '../process/remove-tree.ts';

/**
 * LibreOffice's private directories (profile, `HOME`, `TMPDIR`, the document being converted) live in the system
 * temp dir, named after the process that made them, so that a server starting after a crash can tell its
 * predecessor's leftovers from the directories of another server running beside it.
 */
const OFFICE_DIR_PATTERN = /^quire-office-(?:cold-)?(\d+)-/;

/** The `mkdtemp` prefix of one of this process's LibreOffice directories. */
export function officeDirPrefix(kind: 'warm' | 'cold'): string {
  return join(tmpdir(), `quire-office-${kind === 'cold' ? 'cold-' : ''}${process.pid}-`);
}

/**
 * Removes LibreOffice directories whose process is gone (a crash, a `kill -9`), and with `includeOwn` this
 * process's own (at the end of a shutdown, once every instance is stopped). Returns how many it removed.
 */
export async function sweepOfficeDirs({ includeOwn = false } = {}): Promise<number> {
  const names = await readdir(tmpdir()).catch(() => []);
  const stale = names.filter((name) => {
    const owner = Number(OFFICE_DIR_PATTERN.exec(name)?.[1] ?? Number.NaN);
    if (!Number.isInteger(owner)) return false;
    return owner === process.pid ? includeOwn : !isProcessAlive(owner);
  });
  await Promise.all(stale.map((name) => removeTree(join(tmpdir(), name))));
  return stale.length;
}
