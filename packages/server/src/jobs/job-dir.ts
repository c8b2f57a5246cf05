import { mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

/** A job's private directory: uploads, intermediate files and results live there and nowhere else. */
export async function createJobDir(dir: string): Promise<void> {
  await mkdir(dirname(dir), { recursive: true, mode: 0o700 });
  await mkdir(dir, { mode: 0o700 });
}

export async function removeJobDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true, maxRetries: 3 });
}

/**
 * Removes everything in a job directory but the file `keepPath` (inside it): uploads and intermediate files go as
 * soon as the result exists.
 */
export async function pruneJobDir(dir: string, keepPath: string): Promise<void> {
  const keep = relative(dir, keepPath).split(sep);
  if (keep[0] === '..') return;
  let current = dir;
  for (const part of keep) {
    const entries = await readdir(current);
    await Promise.all(
      entries
        .filter((name) => name !== part)
        .map((name) => rm(join(current, name), { recursive: true, force: true, maxRetries: 3 })),
    );
    current = join(current, part);
  }
}

/** Removes whatever a crash or a kill left in the job root. Called before the server listens. */
export async function sweepJobRoot(jobRoot: string): Promise<number> {
  await mkdir(jobRoot, { recursive: true, mode: 0o700 });
  const leftovers = await readdir(jobRoot);
  await Promise.all(leftovers.map((name) => rm(join(jobRoot, name), { recursive: true, force: true })));
  return leftovers.length;
}
