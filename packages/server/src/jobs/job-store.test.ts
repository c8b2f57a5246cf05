import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DirectoryJobStore } from './job-store.ts';

const ID = 'a'.repeat(32);
let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = undefined;
});

describe('DirectoryJobStore', () => {
  it('turns paths into keys any process can read, and refuses anything outside a job', async () => {
    root = await mkdtemp(join(tmpdir(), 'quire-store-test-'));
    const store = new DirectoryJobStore(root);
    const path = join(store.dirOf(ID), 'attempt-1', 'result.pdf');
    expect(store.keyOf(path)).toBe(join(ID, 'attempt-1', 'result.pdf'));
    expect(store.pathOf(store.keyOf(path))).toBe(path);
    expect(() => store.pathOf('../etc/passwd')).toThrow();
    expect(() => store.pathOf(`${ID}/../../etc/passwd`)).toThrow();
    expect(() => store.keyOf('/etc/passwd')).toThrow();
    expect(() => store.dirOf('../x')).toThrow();
  });

  it('keeps the result of a job (its inputs too, unless asked), lists jobs with their last change, and removes them', async () => {
    root = await mkdtemp(join(tmpdir(), 'quire-store-test-'));
    const store = new DirectoryJobStore(root);
    const dir = await store.open(ID);
    await mkdir(join(dir, 'attempt-1'), { recursive: true });
    await writeFile(join(dir, 'upload-0'), 'input');
    await writeFile(join(dir, 'attempt-1', 'result.pdf'), 'result');
    await writeFile(join(root, 'not-a-job'), 'ignored');
    await store.keepResult(ID, join(dir, 'attempt-1', 'result.pdf'), { dropInputs: false });
    expect((await readdir(dir)).sort()).toEqual(['attempt-1', 'upload-0']);
    await store.keepResult(ID, join(dir, 'attempt-1', 'result.pdf'), { dropInputs: true });
    expect(await readdir(dir)).toEqual(['attempt-1']);
    const listed = await store.list();
    expect(listed.map((job) => job.id)).toEqual([ID]);
    expect(Date.now() - (listed[0]?.changedAt ?? 0)).toBeLessThan(60_000);
    await store.remove(ID);
    expect(await store.list()).toEqual([]);
  });
});
