import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireSetupLock, processStartTime } from './setup-lock.mjs';

const LOCK_MODULE = pathToFileURL(join(import.meta.dirname, 'setup-lock.mjs')).href;
const PAGES_MODULE = pathToFileURL(join(import.meta.dirname, 'page-builds.mjs')).href;

let root: string;
let lock: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'quire-setup-lock-'));
  lock = join(root, 'setup.lock');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/**
 * What each of two set-ups of one checkout does when started at once: take the lock, bring the pages for the same
 * settings in place (a fake build of 1 s), release. Each prints what it did, as JSON.
 */
const SET_UP = `
  import { acquireSetupLock } from ${JSON.stringify(LOCK_MODULE)};
  import { ensurePages, pageLayout } from ${JSON.stringify(PAGES_MODULE)};
  import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
  import { join } from 'node:path';
  const [root] = process.argv.slice(1);
  const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  // Started: wait for the word to go, so that both ask for the lock at the same moment however slowly they started.
  writeFileSync(join(root, 'ready-' + process.pid), '');
  while (!existsSync(join(root, 'go'))) sleep(10);
  let waitedFor = null;
  const release = acquireSetupLock(join(root, 'setup.lock'), { onWait: (pid) => (waitedFor = pid), pollMs: 50 });
  const kind = ensurePages(pageLayout(root), {
    key: 'same-settings',
    settings: { publicOrigin: 'http://127.0.0.1:3000', contactEmail: null },
    log: () => {},
    build: (directory) => {
      sleep(1000);
      mkdirSync(join(directory, 'client'), { recursive: true });
      writeFileSync(join(directory, 'client/index.html'), 'built by ' + process.pid);
    },
  });
  release();
  console.log(JSON.stringify({ pid: process.pid, waitedFor, kind }));
`;

function startSetUp(): Promise<{ pid: number; waitedFor: number | null; kind: string }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', SET_UP, root], { stdio: 'pipe' });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(err)))),
  );
}

describe('set-ups sharing a checkout', () => {
  it('run one at a time: when two start at once, one builds and the other waits, then finds the pages built', async () => {
    const running = Promise.all([startSetUp(), startSetUp()]);
    while (readdirSync(root).filter((name) => name.startsWith('ready-')).length < 2) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    writeFileSync(join(root, 'go'), '');
    const results = await running;
    expect(results.map((result) => result.kind).sort()).toEqual(['build', 'current']);
    const builder = results.find((result) => result.kind === 'build');
    const waiter = results.find((result) => result.kind === 'current');
    expect(waiter?.waitedFor).toBe(builder?.pid);
    expect(readFileSync(join(root, 'packages/web/build/client/index.html'), 'utf8')).toBe(
      `built by ${builder?.pid}`,
    );
    expect(existsSync(lock)).toBe(false);
  });

  it('take over a lock its holder left when it was killed, without waiting', () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(lock, JSON.stringify({ pid: gone, started: '1' }));
    let hasWaited = false;
    const release = acquireSetupLock(lock, { onWait: () => (hasWaited = true) });
    expect(hasWaited).toBe(false);
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(existsSync(lock)).toBe(false);
  });

  it('take over a lock naming a live pid that another process has since been given', () => {
    writeFileSync(lock, JSON.stringify({ pid: process.pid, started: `${processStartTime(process.pid)}0` }));
    let hasWaited = false;
    acquireSetupLock(lock, { onWait: () => (hasWaited = true) })();
    expect(hasWaited).toBe(false);
  });

  it('release the lock when the holder exits without releasing it', () => {
    const exited = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { acquireSetupLock } from ${JSON.stringify(LOCK_MODULE)};
         acquireSetupLock(${JSON.stringify(lock)});
         process.exit(1);`,
      ],
      { encoding: 'utf8' },
    );
    expect(exited.status, exited.stderr).toBe(1);
    expect(existsSync(lock)).toBe(false);
  });
});
