#!/usr/bin/env node
// Brings a fresh Debian 12 machine with Node 20 to a runnable Quire, and does nothing that is already done:
// Debian packages (through apt as root or with sudo), npm packages (`npm ci` when the lockfile changed), and the
// build (when a source file changed). Plain Node only: it runs before any npm package is installed. Set-ups of one
// checkout run one at a time (`.quire/setup.lock`): the others wait, then find the work done. The pages are built
// beside those a running server serves, never over them (`page-builds.mjs`), and not at all for a cluster worker.
//
//   node scripts/setup.mjs           what `npm start` needs
//   node scripts/setup.mjs --test    also what `npm test` needs (a browser, fonts, GNU time)
//   node scripts/setup.mjs --force-build
//   node scripts/setup.mjs --plan    only say what the build would be (current, the pages, everything) and why
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
// By path: this runs before `npm ci` has linked the workspace packages into node_modules.
// eslint-disable-next-line import-x/no-relative-packages
import { readSiteSettings, SiteSettingError } from '../packages/shared/src/site-settings.js';
import { ensurePages, pageLayout, PagesInUseError, planPages } from './page-builds.mjs';
import { acquireSetupLock } from './setup-lock.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const STATE_DIR = join(ROOT, '.quire');
const args = new Set(process.argv.slice(2));
const forTests = args.has('--test');

function main() {
  checkNode();
  const buildSettings = readBuildSettings();
  if (args.has('--plan')) {
    for (const note of buildSettings.notes) log(note);
    log(`Build: ${planBuild(buildSettings).kind}`);
    return;
  }
  mkdirSync(STATE_DIR, { recursive: true });
  // Exit (and so release the lock) on a signal, as the exit handlers do not run when a signal kills the process.
  process.on('SIGINT', () => process.exit(130));
  process.on('SIGTERM', () => process.exit(143));
  acquireSetupLock(join(STATE_DIR, 'setup.lock'), {
    onWait: (pid) =>
      log(`Another set-up of this checkout (pid ${pid}) is running: waiting for it, then using its work.`),
  });
  ensureSystemPackages();
  ensureNpmPackages();
  ensureBuild(buildSettings);
}

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    fail(`Quire needs Node.js 20.19 or later; this is ${process.versions.node}.`);
  }
}

/**
 * Operator settings written into the pages (see `.env.example`): part of what decides a rebuild, and handed to the
 * web build as the `VITE_*` variables it reads. The rules (the public origin follows `HOST` and `PORT` unless
 * `QUIRE_PUBLIC_ORIGIN` is set; the contact address must be a plain email address) are in `@quire/shared`, in plain
 * JavaScript so that this script can use them before anything is installed. A wrong setting stops here, at once.
 */
function readBuildSettings() {
  let settings;
  try {
    settings = readSiteSettings(process.env);
  } catch (error) {
    if (error instanceof SiteSettingError) fail(error.message);
    throw error;
  }
  const servesPages = forTests || !isClusterWorker(process.env);
  const notes = servesPages
    ? [...settings.notes]
    : ['QUIRE_ROLE=worker serves no pages: they are not built.'];
  if (servesPages && process.env.QUIRE_ROLE?.trim() === 'web' && !process.env.QUIRE_PUBLIC_ORIGIN?.trim()) {
    notes.push(
      'QUIRE_ROLE=web: web processes behind one proxy must share one QUIRE_PUBLIC_ORIGIN, its address.',
    );
  }
  return {
    VITE_PUBLIC_ORIGIN: settings.publicOrigin,
    VITE_CONTACT_EMAIL: settings.contactEmail ?? undefined,
    servesPages,
    notes,
  };
}

/** A cluster worker (`QUIRE_ROLE=worker` with `QUIRE_REDIS_URL`, as the server reads them) serves no pages. */
function isClusterWorker(env) {
  return Boolean(env.QUIRE_REDIS_URL?.trim()) && env.QUIRE_ROLE?.trim() === 'worker';
}

function ensureSystemPackages() {
  const wanted = JSON.parse(readFileSync(join(ROOT, 'scripts/system-packages.json'), 'utf8'));
  const names = [...wanted.serve, ...(forTests ? wanted.test : [])];
  const missing = names.filter((name) => !isDebianPackageInstalled(name));
  if (missing.length === 0) return;
  const install = ['apt-get', 'install', '-y', '--no-install-recommends', ...missing];
  const isRoot = process.getuid?.() === 0;
  const hasSudo = !isRoot && run('sudo', ['-n', 'true'], { quiet: true }).status === 0;
  if (!isRoot && !hasSudo) {
    fail(
      `Missing Debian packages: ${missing.join(', ')}. Install them with:\n  sudo apt-get update && sudo ${install.join(' ')}`,
    );
  }
  const prefix = isRoot ? [] : ['sudo', '-n'];
  log(`Installing Debian packages: ${missing.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let result = runCommand([...prefix, ...install], env);
  if (result.status !== 0) {
    runCommand([...prefix, 'apt-get', 'update'], env);
    result = runCommand([...prefix, ...install], env);
  }
  const stillMissing = missing.filter((name) => !isDebianPackageInstalled(name));
  if (result.status !== 0 || stillMissing.length > 0) {
    fail(
      `Could not install ${stillMissing.join(', ')}. Run:\n  ${isRoot ? '' : 'sudo '}apt-get update && ${isRoot ? '' : 'sudo '}${install.join(' ')}`,
    );
  }
}

function isDebianPackageInstalled(name) {
  const result = run('dpkg-query', ['-W', '-f=${Status}', name], { quiet: true });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

function ensureNpmPackages() {
  const lockHash = hashFiles([join(ROOT, 'package-lock.json')]);
  const stamp = join(ROOT, 'node_modules', '.quire-install-stamp');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === lockHash) return;
  log('Installing npm packages (npm ci)');
  if (runCommand(['npm', 'ci', '--no-audit', '--no-fund']).status !== 0)
    fail('npm ci failed; see the output above.');
  writeFileSync(stamp, lockHash);
}

/** Everything the build reads. A change to any of these files rebuilds; nothing else does. */
const BUILD_INPUTS = [
  'package-lock.json',
  'tsconfig.base.json',
  'eslint.config.js',
  '.prettierrc.json',
  '.prettierignore',
  'scripts',
  'content',
  'packages',
];
const IGNORED_DIRS = new Set(['node_modules', 'dist', 'build', '.react-router', 'artifacts']);
/** What the server bundle was last built (and the sources checked) from: the hash of the sources. */
const BUILD_STAMP = join(STATE_DIR, 'build-stamp');
const PAGES = pageLayout(ROOT);
/** The build's kind when the server bundle is current, by what the pages need. */
const PAGE_KINDS = { build: 'pages', switch: 'switch', current: 'current', none: 'current' };

/**
 * What the build needs: nothing (`current`), the pages built for these settings earlier (`switch`: e.g. back to the
 * default port after `PORT=4000 npm start`), new pages only (`pages`: the sources are those of the server bundle,
 * the settings are new), the checks and the server bundle only (`server`: a cluster worker, whose process serves
 * no pages, or pages already built), or `everything`. The pages are keyed by their sources and settings.
 */
function planBuild({ notes: _notes, servesPages, ...pageSettings }) {
  const sourceHash = hashFiles(BUILD_INPUTS.flatMap((input) => listFiles(join(ROOT, input))));
  const isForced = args.has('--force-build');
  const isServerBuilt = existsSync(join(ROOT, 'packages/server/dist/main.js'));
  const needsServer = isForced || !isServerBuilt || readStamp(BUILD_STAMP)?.sources !== sourceHash;
  const pagesKey = createHash('sha256')
    .update(JSON.stringify({ sources: sourceHash, settings: pageSettings }))
    .digest('hex')
    .slice(0, 16);
  const pages = servesPages ? planPages(PAGES, pagesKey, { force: isForced }) : 'none';
  const kind = needsServer ? (pages === 'build' ? 'everything' : 'server') : PAGE_KINDS[pages];
  return { kind, needsServer, pages, pagesKey, stamp: JSON.stringify({ sources: sourceHash }) };
}

function ensureBuild(buildSettings) {
  const { needsServer, pages, pagesKey, stamp } = planBuild(buildSettings);
  const { notes, servesPages: _servesPages, ...viteSettings } = buildSettings;
  // The checks run beside the builds (two cores do both in the time of the longer), and are waited for before the
  // stamp is written and before new pages replace those served: a failed check still stops the set-up.
  const checks = needsServer ? startChecks() : null;
  const passChecks = () => {
    if (checks && !checks.passed()) fail(`${checks.failed()} failed; see the output above.`);
    if (needsServer) writeFileSync(BUILD_STAMP, stamp);
  };
  if (needsServer) step('Building the server', ['node', 'scripts/build-server.mjs']);
  // With no pages to build, before anything else; else once the new pages are built, before they are switched to.
  if (pages !== 'build') passChecks();
  if (pages === 'none') {
    for (const note of notes) log(note);
    return;
  }
  const buildEnv = { ...process.env };
  for (const [name, value] of Object.entries(viteSettings)) {
    if (value === undefined) delete buildEnv[name];
    else buildEnv[name] = value;
  }
  if (pages !== 'current') for (const note of notes) log(note);
  try {
    ensurePages(PAGES, {
      key: pagesKey,
      settings: {
        publicOrigin: viteSettings.VITE_PUBLIC_ORIGIN,
        contactEmail: viteSettings.VITE_CONTACT_EMAIL ?? null,
      },
      force: args.has('--force-build'),
      log,
      // React Router writes the site to `<build directory>/client`: a fresh directory beside the served ones.
      build: (buildDirectory) => {
        const env = { ...buildEnv, QUIRE_WEB_BUILD_DIRECTORY: buildDirectory };
        step('Building the web app', ['npm', 'run', '--silent', 'build', '-w', '@quire/web'], env);
        writeSourceArchive(join(buildDirectory, 'client'));
        passChecks();
      },
    });
  } catch (error) {
    if (error instanceof PagesInUseError) fail(error.message);
    throw error;
  }
}

/** The checks of the sources, one after another, each with the title the set-up prints for it. */
const CHECKS = [
  ['Type-checking', 'npm run --silent typecheck'],
  ['Linting (dependency direction included)', 'npx eslint --max-warnings 0 .'],
  ['Checking formatting', 'npx prettier --check --log-level warn .'],
];

/**
 * Starts the checks in the background: one shell runs them in turn, and writes the title of the first that fails (or
 * nothing) to a file once done. `passed()` waits for that file; the checks' output is printed if one failed.
 */
function startChecks() {
  const outputFile = join(STATE_DIR, 'checks.log');
  // Named for this set-up: a shell left running by an earlier one that stopped early cannot answer for this one.
  const doneFile = join(STATE_DIR, `checks-${process.pid}.done`);
  const failedFile = `.quire/checks-${process.pid}.failed`;
  log(`${CHECKS.map(([title]) => title).join(', ')}: beside the build`);
  // The failed file gets the failed check's title (or stays empty), then becomes the done file at once.
  const script = CHECKS.map(
    ([title, command]) => `{ ${command} || { printf '%s' '${title}' > ${failedFile}; false; }; }`,
  ).join(' && ');
  const output = openSync(outputFile, 'w');
  spawn(
    'sh',
    [
      '-c',
      `rm -f ${failedFile}; ${script}; touch ${failedFile}; mv ${failedFile} .quire/checks-${process.pid}.done`,
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', output, output],
    },
  ).unref();
  closeSync(output);
  let failed;
  return {
    passed() {
      if (failed === undefined) {
        const sleeper = new Int32Array(new SharedArrayBuffer(4));
        while (!existsSync(doneFile)) Atomics.wait(sleeper, 0, 0, 200);
        failed = readFileSync(doneFile, 'utf8') || null;
        rmSync(doneFile, { force: true });
        if (failed) process.stdout.write(readFileSync(outputFile, 'utf8'));
      }
      return failed === null;
    },
    failed: () => failed,
  };
}

/** What the last build was made from, or null when there is no stamp (or one of an older format). */
function readStamp(file) {
  try {
    const stamp = JSON.parse(readFileSync(file, 'utf8'));
    return typeof stamp.sources === 'string' ? stamp : null;
  } catch {
    return null;
  }
}

/** The AGPL asks that network users can get the source: the build ships it, and the footer links to it. */
function writeSourceArchive(site) {
  const target = join(site, 'source.tar.gz');
  const result = run(
    'git',
    ['-C', ROOT, 'archive', '--format=tar.gz', '--prefix=quire/', '-o', target, 'HEAD'],
    { quiet: true },
  );
  if (result.status !== 0) log('Not a git checkout: /source.tar.gz is not included in this build.');
}

function step(title, command, env = process.env) {
  log(title);
  if (runCommand(command, env).status !== 0) fail(`${title} failed; see the output above.`);
}

function listFiles(path) {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !IGNORED_DIRS.has(entry.name))
    .flatMap((entry) => listFiles(join(path, entry.name)))
    .sort();
}

function hashFiles(files) {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(relative(ROOT, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

function run(command, commandArgs, { quiet = false } = {}) {
  const result = spawnSync(command, commandArgs, {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: quiet ? 'pipe' : 'inherit',
  });
  return { status: result.error ? 127 : result.status, stdout: result.stdout ?? '' };
}

function runCommand([command, ...commandArgs], env = process.env) {
  const result = spawnSync(command, commandArgs, { cwd: ROOT, stdio: 'inherit', env });
  return { status: result.error ? 127 : result.status };
}

function log(message) {
  console.log(`\x1b[1m[setup]\x1b[0m ${message}`);
}

function fail(message) {
  console.error(`\x1b[31m[setup]\x1b[0m ${message}`);
  process.exit(1);
}

main();
