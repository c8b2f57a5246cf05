#!/usr/bin/env node
// Brings a fresh Debian 12 machine with Node 20 to a runnable Quire, and does nothing that is already done:
// Debian packages (through apt as root or with sudo), npm packages (`npm ci` when the lockfile changed), and the
// build (when a source file changed). Plain Node only: it runs before any npm package is installed.
//
//   node scripts/setup.mjs           what `npm start` needs
//   node scripts/setup.mjs --test    also what `npm test` needs (a browser, fonts, GNU time)
//   node scripts/setup.mjs --force-build
//   node scripts/setup.mjs --plan    only say what the build would be (current, the pages, everything) and why
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSiteSettings, SiteSettingError } from '../packages/shared/src/site-settings.js';

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
  return {
    VITE_PUBLIC_ORIGIN: settings.publicOrigin,
    VITE_CONTACT_EMAIL: settings.contactEmail ?? undefined,
    notes: settings.notes,
  };
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
/** What the last build was made from: the hash of its sources and its settings. */
const BUILD_STAMP = join(STATE_DIR, 'build-stamp');

/**
 * What the build needs: nothing (`current`), only the pages (`pages`: the sources are those of the last build, the
 * settings are not, e.g. `PORT=4000 npm start` or a new contact address), or `everything`.
 */
function planBuild({ notes: _notes, ...buildSettings }) {
  const sourceHash = hashFiles(BUILD_INPUTS.flatMap((input) => listFiles(join(ROOT, input))));
  const settings = JSON.stringify(buildSettings);
  const outputs = ['packages/server/dist/main.js', 'packages/web/build/client/index.html'];
  const isBuilt = outputs.every((output) => existsSync(join(ROOT, output)));
  const stamp = isBuilt && !args.has('--force-build') ? readStamp(BUILD_STAMP) : null;
  const kind =
    stamp?.sources !== sourceHash ? 'everything' : stamp.settings !== settings ? 'pages' : 'current';
  return { kind, stamp: JSON.stringify({ sources: sourceHash, settings }) };
}

function ensureBuild(buildSettings) {
  const { kind, stamp } = planBuild(buildSettings);
  if (kind === 'current') return;
  if (kind === 'everything') {
    step('Type-checking', ['npm', 'run', '--silent', 'typecheck']);
    step('Linting (dependency direction included)', ['npx', 'eslint', '--max-warnings', '0', '.']);
    step('Checking formatting', ['npx', 'prettier', '--check', '--log-level', 'warn', '.']);
  }
  const { notes, ...viteSettings } = buildSettings;
  const buildEnv = { ...process.env };
  for (const [name, value] of Object.entries(viteSettings)) {
    if (value === undefined) delete buildEnv[name];
    else buildEnv[name] = value;
  }
  for (const note of notes) log(note);
  step('Building the web app', ['npm', 'run', '--silent', 'build', '-w', '@quire/web'], buildEnv);
  if (kind === 'everything') step('Building the server', ['node', 'scripts/build-server.mjs']);
  writeSourceArchive();
  mkdirSync(STATE_DIR, { recursive: true });
  writeFileSync(BUILD_STAMP, stamp);
}

/** What the last build was made from, or null when there is no stamp (or one of an older format). */
function readStamp(file) {
  try {
    const stamp = JSON.parse(readFileSync(file, 'utf8'));
    return typeof stamp.sources === 'string' && typeof stamp.settings === 'string' ? stamp : null;
  } catch {
    return null;
  }
}

/** The AGPL asks that network users can get the source: the build ships it, and the footer links to it. */
function writeSourceArchive() {
  const target = join(ROOT, 'packages/web/build/client/source.tar.gz');
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
