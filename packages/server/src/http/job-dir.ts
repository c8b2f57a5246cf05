import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/**
 * Each request gets a private directory named by 128 random bits under the job root. Uploads, intermediate files
 * and results live there and nowhere else, and the directory goes when the response ends, whatever the outcome.
 */
export async function createJobDir(jobRoot: string): Promise<string> {
  await mkdir(jobRoot, { recursive: true, mode: 0o700 });
  const dir = join(jobRoot, randomBytes(16).toString('hex'));
  await mkdir(dir, { mode: 0o700 });
  return dir;
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
