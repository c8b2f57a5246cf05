// The builds of the pages in a checkout, and which one is served. Plain Node, like setup.mjs, which drives it.
//
// Each build is a directory of its own, `.quire/pages/<key>-<time>` (the key: the sources and settings it was made
// from), never changed once made, with what it names beside it (`<name>.json`). `packages/web/build/client` is a
// link to the current build, replaced in one step (a new link renamed over it). A server resolves that link when
// it starts and keeps the directory open (packages/server/src/http/hold-directory.ts), so a build for other
// settings never changes the pages under a running server; a build is removed only when it is not the current one
// and no process holds it open (`/proc/<pid>/fd`: the processes of this user, or all of them as root).
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';

/** How long after a switch a build nobody holds yet may be the one a server is starting on (npm start's server). */
const START_GRACE_MS = 20_000;
const POLL_MS = 250;

export class PagesInUseError extends Error {}

/**
 * Where the builds of the checkout at `root` live, the link the server reads its pages through, and where a build
 * is made (inside the web package, where the web build expects its output, and on the same file system as the
 * builds, so that a finished build is moved among them in one rename).
 */
export function pageLayout(root) {
  return {
    pagesDir: join(root, '.quire/pages'),
    link: join(root, 'packages/web/build/client'),
    stagingDir: join(root, 'packages/web/build'),
  };
}

/**
 * What the pages need for `key`: nothing (`current`), only the link moved to a build made earlier (`switch`), or a
 * build (`build`, always with `force`).
 */
export function planPages(layout, key, { force = false } = {}) {
  const current = readCurrent(layout);
  if (!force && current?.name?.startsWith(`${key}-`)) return 'current';
  if (!force && findBuild(layout, key) !== null) return 'switch';
  return 'build';
}

/**
 * Brings the pages for `key` in place: builds them beside the others when there is no build for `key` (`build` is
 * given a fresh directory and must leave the site in its `client` folder), points the link at them, and removes the
 * builds nothing uses any more. Call it with the set-up lock held. Returns what it did, as `planPages` names it.
 */
export function ensurePages(
  layout,
  { key, settings, force = false, build, log, startGraceMs = START_GRACE_MS },
) {
  const kind = planPages(layout, key, { force });
  if (kind !== 'current') {
    const name = kind === 'switch' ? findBuild(layout, key) : buildBeside(layout, key, settings, build);
    switchTo(layout, name, { log, startGraceMs });
    noteOtherServers(layout, name, settings, log);
  }
  prunePages(layout);
  return kind;
}

function buildBeside(layout, key, settings, build) {
  const name = `${key}-${Date.now().toString(36)}`;
  const staging = join(layout.stagingDir, `.staging-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  build(staging);
  mkdirSync(layout.pagesDir, { recursive: true });
  renameSync(join(staging, 'client'), join(layout.pagesDir, name));
  writeFileSync(
    join(layout.pagesDir, `${name}.json`),
    JSON.stringify({ ...settings, builtAt: new Date().toISOString() }),
  );
  rmSync(staging, { recursive: true, force: true });
  return name;
}

/**
 * Points the link at build `name`. A link made in the last seconds to a build no process holds yet may be the one
 * the server of another `npm start` is about to open: that build is given the time to be opened first. A directory
 * where the link should be (a build made by hand, or by a set-up before builds had directories of their own) is
 * removed first, unless a process holds it open: then this stops with a message saying what to do.
 */
function switchTo(layout, name, { log, startGraceMs }) {
  const current = readCurrent(layout);
  if (current?.isDirectory) {
    const holders = findHolders([current.path])?.get(current.path) ?? [];
    if (holders.length > 0) {
      throw new PagesInUseError(
        `${layout.link} is a directory a running server serves (pid ${holders.join(', ')}), built by hand or by an ` +
          `older set-up. The new pages are ready in ${join(layout.pagesDir, name)}; stop that server, then start ` +
          'again, or serve them elsewhere with QUIRE_WEB_ROOT.',
      );
    }
    const aside = join(layout.pagesDir, `.old-${process.pid}`);
    renameSync(layout.link, aside);
    rmSync(aside, { recursive: true, force: true });
  } else if (current?.name && current.name !== name) {
    waitForStartingServer(layout, current, { log, startGraceMs });
  }
  mkdirSync(dirname(layout.link), { recursive: true });
  const next = `${layout.link}.${process.pid}`;
  rmSync(next, { force: true });
  symlinkSync(relative(dirname(layout.link), join(layout.pagesDir, name)), next);
  renameSync(next, layout.link);
}

function waitForStartingServer(layout, current, { log, startGraceMs }) {
  const isHeld = () => (findHolders([current.path])?.get(current.path)?.length ?? 1) > 0;
  const deadline = lstatSync(layout.link).mtimeMs + startGraceMs;
  if (Date.now() >= deadline || isHeld()) return;
  log(`The pages were switched moments ago, maybe for a server still starting: waiting until it opens them.`);
  while (Date.now() < deadline && !isHeld()) sleep(POLL_MS);
}

/** Says which running servers of this checkout serve pages that name another origin, and what to do about it. */
function noteOtherServers(layout, name, settings, log) {
  const others = listBuilds(layout).filter((other) => other !== name);
  const holders = findHolders(others.map((other) => join(layout.pagesDir, other)));
  for (const other of others) {
    const pids = holders?.get(join(layout.pagesDir, other)) ?? [];
    const origin = readMeta(layout, other)?.publicOrigin;
    if (pids.length === 0 || origin === undefined || origin === settings.publicOrigin) continue;
    log(
      `A running server of this checkout (pid ${pids.join(', ')}) keeps the pages it serves, which name ${origin}; ` +
        `the new ones name ${settings.publicOrigin}. Web processes behind one proxy must share one ` +
        'QUIRE_PUBLIC_ORIGIN, the address visitors use.',
    );
  }
}

/** Removes every build that is not the current one and that no process holds open, and what failed set-ups left. */
function prunePages(layout) {
  if (!existsSync(layout.pagesDir)) return;
  const current = readCurrent(layout)?.name;
  const builds = listBuilds(layout).filter((name) => name !== current);
  const holders = findHolders(builds.map((name) => join(layout.pagesDir, name)));
  if (holders === null) return; // no /proc: which builds are in use cannot be known
  for (const name of builds) {
    if ((holders.get(join(layout.pagesDir, name)) ?? []).length > 0) continue;
    rmSync(join(layout.pagesDir, name), { recursive: true, force: true });
  }
  const kept = new Set(listBuilds(layout));
  for (const entry of readdirSync(layout.pagesDir)) {
    const isLeftover = entry.startsWith('.old-');
    if (isLeftover || (entry.endsWith('.json') && !kept.has(entry.slice(0, -'.json'.length)))) {
      rmSync(join(layout.pagesDir, entry), { recursive: true, force: true });
    }
  }
  for (const entry of existsSync(layout.stagingDir) ? readdirSync(layout.stagingDir) : []) {
    if (entry.startsWith('.staging-'))
      rmSync(join(layout.stagingDir, entry), { recursive: true, force: true });
  }
}

/** The build the link names (`name`, or null when it names a directory elsewhere), a directory, or null if none. */
export function readCurrent(layout) {
  let stat;
  try {
    stat = lstatSync(layout.link);
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
  if (!stat.isSymbolicLink()) return stat.isDirectory() ? { isDirectory: true, path: layout.link } : null;
  if (!existsSync(layout.link)) return null;
  const path = realpathSync(layout.link);
  const isBuild = existsSync(layout.pagesDir) && dirname(path) === realpathSync(layout.pagesDir);
  return { isDirectory: false, path, name: isBuild ? basename(path) : null };
}

/** The newest build for `key`, or null. */
function findBuild(layout, key) {
  const builds = listBuilds(layout).filter((name) => name.startsWith(`${key}-`));
  return builds.sort().at(-1) ?? null;
}

export function listBuilds(layout) {
  if (!existsSync(layout.pagesDir)) return [];
  return readdirSync(layout.pagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name);
}

function readMeta(layout, name) {
  try {
    return JSON.parse(readFileSync(join(layout.pagesDir, `${name}.json`), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * For each directory, the pids of the processes that hold it open, or null where there is no /proc to read. Only
 * the processes whose descriptors this user may read are seen: all of them as root, else this user's own.
 */
export function findHolders(directories) {
  const holders = new Map(directories.map((directory) => [directory, []]));
  // A descriptor names the directory by its real path.
  const byRealPath = new Map(
    directories
      .filter((directory) => existsSync(directory))
      .map((directory) => [realpathSync(directory), directory]),
  );
  let pids;
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return null;
  }
  for (const pid of pids) {
    let fds;
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or another user's
    }
    for (const fd of fds) {
      try {
        const directory = byRealPath.get(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (directory !== undefined) holders.get(directory)?.push(Number(pid));
      } catch {
        // closed meanwhile
      }
    }
  }
  return holders;
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
