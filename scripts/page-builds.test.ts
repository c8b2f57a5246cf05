import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ensurePages,
  findHolders,
  listBuilds,
  pageLayout,
  PagesInUseError,
  readCurrent,
  type PageLayout,
} from './page-builds.mjs';

/**
 * Small fake builds in a temporary checkout: a build is one `index.html` naming its origin, so that the logic of
 * building beside, switching and removing is tested without React Router (a real build takes minutes).
 */
let root: string;
let layout: PageLayout;
let logged: string[];
const held: number[] = [];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'quire-page-builds-'));
  layout = pageLayout(root);
  logged = [];
});
afterEach(() => {
  for (const fd of held.splice(0)) closeSync(fd);
  rmSync(root, { recursive: true, force: true });
});

const ORIGIN_A = 'http://127.0.0.1:3931';
const ORIGIN_B = 'http://127.0.0.1:3932';

function ensure(key: string, origin: string, options: { startGraceMs?: number; build?: () => void } = {}) {
  let builds = 0;
  const kind = ensurePages(layout, {
    key,
    settings: { publicOrigin: origin, contactEmail: null },
    log: (message) => logged.push(message),
    startGraceMs: options.startGraceMs ?? 0,
    build: (buildDirectory) => {
      builds += 1;
      options.build?.();
      mkdirSync(join(buildDirectory, 'client'), { recursive: true });
      writeFileSync(join(buildDirectory, 'client/index.html'), origin);
    },
  });
  return { kind, builds };
}

/** What the link serves now. */
const served = () => readFileSync(join(layout.link, 'index.html'), 'utf8');

/** Holds the current build open, as a server that started on it does. */
function holdCurrent(): string {
  const path = realpathSync(layout.link);
  held.push(openSync(path, 'r'));
  return path;
}

describe('the page builds of a checkout', () => {
  it('builds beside, switches the link, and builds nothing when the pages for the settings are current', () => {
    expect(ensure('a', ORIGIN_A)).toEqual({ kind: 'build', builds: 1 });
    expect(served()).toBe(ORIGIN_A);
    expect(readCurrent(layout)).toMatchObject({ isDirectory: false, name: expect.stringMatching(/^a-/) });
    expect(ensure('a', ORIGIN_A)).toEqual({ kind: 'current', builds: 0 });
  });

  it('leaves a running server’s pages untouched by a build for another origin, and says what to do', () => {
    ensure('a', ORIGIN_A);
    const serverPages = holdCurrent();
    expect(ensure('b', ORIGIN_B)).toEqual({ kind: 'build', builds: 1 });
    expect(served()).toBe(ORIGIN_B);
    expect(readFileSync(join(serverPages, 'index.html'), 'utf8')).toBe(ORIGIN_A);
    expect(listBuilds(layout)).toHaveLength(2);
    const note = logged.find((message) => message.includes('keeps the pages it serves'));
    expect(note).toContain(`pid ${process.pid}`);
    expect(note).toContain(ORIGIN_A);
    expect(note).toContain('QUIRE_PUBLIC_ORIGIN');
    // Back to the first settings: the build still there is used again, and the unused one goes.
    expect(ensure('a', ORIGIN_A)).toEqual({ kind: 'switch', builds: 0 });
    expect(served()).toBe(ORIGIN_A);
    expect(listBuilds(layout)).toEqual([serverPages.split('/').at(-1)]);
  });

  it('removes the builds no process holds open, and what a failed set-up left', () => {
    ensure('a', ORIGIN_A);
    const first = realpathSync(layout.link);
    mkdirSync(join(layout.stagingDir, '.staging-999999/client'), { recursive: true });
    ensure('b', ORIGIN_B);
    expect(listBuilds(layout)).toEqual([realpathSync(layout.link).split('/').at(-1)]);
    expect(existsSync(first)).toBe(false);
    expect(existsSync(join(layout.stagingDir, '.staging-999999'))).toBe(false);
  });

  it('leaves the served pages alone when a build fails', () => {
    ensure('a', ORIGIN_A);
    const failing = () => {
      throw new Error('the web build failed');
    };
    expect(() => ensure('b', ORIGIN_B, { build: failing })).toThrow('the web build failed');
    expect(served()).toBe(ORIGIN_A);
    expect(ensure('a', ORIGIN_A).kind).toBe('current');
  });

  it('replaces a directory built where the link goes, unless a server holds it open', () => {
    mkdirSync(layout.link, { recursive: true });
    writeFileSync(join(layout.link, 'index.html'), 'built by hand');
    const fd = openSync(layout.link, 'r');
    try {
      expect(() => ensure('a', ORIGIN_A)).toThrow(PagesInUseError);
      expect(served()).toBe('built by hand');
    } finally {
      closeSync(fd);
    }
    // The build made meanwhile is used: only the link was missing.
    expect(ensure('a', ORIGIN_A)).toEqual({ kind: 'switch', builds: 0 });
    expect(served()).toBe(ORIGIN_A);
  });

  it('gives a server starting on pages switched moments ago the time to open them before switching again', async () => {
    ensure('a', ORIGIN_A);
    const first = realpathSync(layout.link);
    // A server that opens its pages 300 ms from now, as `npm start` runs it once its set-up has ended.
    const server = spawn(process.execPath, [
      '-e',
      `setTimeout(() => { require('node:fs').openSync(${JSON.stringify(first)}, 'r'); console.log('open'); }, 300);
       setTimeout(() => {}, 60_000);`,
    ]);
    try {
      const started = Date.now();
      ensure('b', ORIGIN_B, { startGraceMs: 20_000 });
      const waitedMs = Date.now() - started;
      expect(waitedMs).toBeGreaterThanOrEqual(250);
      expect(waitedMs).toBeLessThan(10_000);
      expect(logged.some((message) => message.includes('waiting until it opens them'))).toBe(true);
      expect(findHolders([first])?.get(first)).toEqual([server.pid]);
      expect(readFileSync(join(first, 'index.html'), 'utf8')).toBe(ORIGIN_A);
      expect(served()).toBe(ORIGIN_B);
    } finally {
      server.kill();
    }
  });
});
