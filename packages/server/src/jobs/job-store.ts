import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { isAbsolute, join, normalize, relative, sep } from 'node:path';
import { createJobDir, pruneJobDir, removeJobDir, sweepJobRoot } from './job-dir.ts';

/**
 * A job's id and directory name: 128 random bits in hex, the only key to the job (whoever holds it may read, fetch or
 * cancel it), made by `JobStore.create` alone. Nothing else is ever joined to the store's root.
 */
export const JOB_ID_PATTERN = /^[0-9a-f]{32}$/;

/**
 * Where a job's files live while it waits, runs and waits for its client, as every process of a cluster sees them.
 * Paths travel between processes as keys (relative to the store), never as one process's absolute paths.
 *
 * `DirectoryJobStore` is a directory every process mounts (`QUIRE_JOB_ROOT`: local disk on one machine; NFS, CephFS
 * or a Kubernetes ReadWriteMany volume across machines). An object store (S3 and the like) would implement the same
 * steps (see ARCHITECTURE.md, "The job store"): `publish` uploads what a web process received, `open` fetches a
 * job's inputs into a worker's scratch directory, `keepResult` uploads the result (and deletes the inputs), `pathOf`
 * (then asynchronous) fetches the result for sending, `remove` deletes the job's prefix and `list` lists the prefixes.
 */
export type JobStore = {
  /** A new job, every job's one way in: its id (`JOB_ID_PATTERN`), with its private directory made. */
  create(): Promise<string>;
  /** The local directory of a job in this process: where uploads are written, and a worker runs. */
  dirOf(id: string): string;
  /** A path of this process, inside a job, as a key any process can read; and back. */
  keyOf(path: string): string;
  pathOf(key: string): string;
  /** The job's uploads are complete: other processes may now read them (nothing to do for a shared directory). */
  publish(id: string): Promise<void>;
  /** Makes a job's inputs readable in this process before a run, and returns its directory. */
  open(id: string): Promise<string>;
  /**
   * Keeps the file at `resultPath` as the job's result, for whichever process sends it. With `dropInputs`, the
   * job's inputs and intermediate files go now; otherwise they go with the job, when its result is sent.
   */
  keepResult(id: string, resultPath: string, options: { dropInputs: boolean }): Promise<void>;
  /** Removes the job and everything of it. */
  remove(id: string): Promise<void>;
  /** Every job in the store, with the last time anything of it was written (for the orphan sweep). */
  list(): Promise<{ id: string; changedAt: number }[]>;
  /** Empties the store (the all-in-one server at its start and stop; never in a cluster). */
  clear(): Promise<number>;
};

export class DirectoryJobStore implements JobStore {
  readonly #root: string;

  constructor(root: string) {
    this.#root = root;
  }

  async create(): Promise<string> {
    const id = randomBytes(16).toString('hex');
    await createJobDir(this.dirOf(id));
    return id;
  }

  dirOf(id: string): string {
    if (!JOB_ID_PATTERN.test(id)) throw new Error(`not a job id: ${id}`);
    return join(this.#root, id);
  }

  keyOf(path: string): string {
    const key = relative(this.#root, path);
    if (key.startsWith(`..${sep}`) || isAbsolute(key)) throw new Error('a path outside the job store');
    return key;
  }

  pathOf(key: string): string {
    const path = normalize(join(this.#root, key));
    if (!JOB_ID_PATTERN.test(key.split(sep)[0] ?? '') || relative(this.#root, path).startsWith('..')) {
      throw new Error('a key outside the job store');
    }
    return path;
  }

  async publish(): Promise<void> {}

  async open(id: string): Promise<string> {
    return this.dirOf(id);
  }

  async keepResult(id: string, resultPath: string, { dropInputs }: { dropInputs: boolean }): Promise<void> {
    if (dropInputs) await pruneJobDir(this.dirOf(id), resultPath);
  }

  remove(id: string): Promise<void> {
    return removeJobDir(this.dirOf(id));
  }

  async list(): Promise<{ id: string; changedAt: number }[]> {
    await mkdir(this.#root, { recursive: true, mode: 0o700 });
    const ids = (await readdir(this.#root)).filter((name) => JOB_ID_PATTERN.test(name));
    return Promise.all(ids.map(async (id) => ({ id, changedAt: await newestChange(join(this.#root, id)) })));
  }

  clear(): Promise<number> {
    return sweepJobRoot(this.#root);
  }
}

/** The latest modification time of a directory or anything in it (an upload being written counts). */
async function newestChange(dir: string): Promise<number> {
  let newest = 0;
  const visit = async (path: string): Promise<void> => {
    const info = await stat(path).catch(() => null);
    if (!info) return;
    newest = Math.max(newest, info.mtimeMs);
    if (!info.isDirectory()) return;
    for (const name of await readdir(path).catch(() => [] as string[])) await visit(join(path, name));
  };
  await visit(dir);
  return newest;
}

/** Removes a job's earlier runs (`attempt-<n>`), which a worker killed mid-job left. */
export async function clearEarlierRuns(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith('attempt-'))
      .map((name) => rm(join(dir, name), { recursive: true, force: true })),
  );
}
