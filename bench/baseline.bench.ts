// npm run bench baseline [-- --base <commit> --phase-seconds 30 --rounds 3]: the all-in-one server of this tree
// against the same server built from an earlier commit, on the same machine in one run: merge and PDF→JPG throughput
// and p95, both servers running at once and measured in turns of 5 s, compared round by round, the goal judged on
// the median ratio (bench/rounds.ts). The default base, 2476376, is the last commit before issue 13's job model: its
// goal is an all-in-one server within 5% of that one.
// The base is unpacked with `git archive` into a temporary directory, shares this tree's node_modules (it needs no
// package this tree lacks) and is built there; nothing of this tree changes. Exit status non-zero only for wrong
// answers, never for speed (the machine is shared).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatLoad } from './proc-stats.ts';
import { printRatios, runRounds, throughputPhases, type Setup } from './rounds.ts';
import { startServer } from './start-server.ts';

const ROOT = resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  args: process.argv.slice(3),
  options: {
    base: { type: 'string', default: '2476376' },
    'phase-seconds': { type: 'string', default: '30' },
    rounds: { type: 'string', default: '3' },
  },
});
const PHASE_SECONDS = Number(args['phase-seconds']);
const ROUNDS = Number(args.rounds);
const git = (...gitArgs: string[]) => execFileSync('git', gitArgs, { cwd: ROOT, encoding: 'utf8' }).trim();
const baseCommit = git('rev-parse', '--short', `${args.base}^{commit}`);
/** As the load bench runs it: each connection a visitor of its own (X-Forwarded-For), no rate limit. */
const SERVER_ENV = {
  QUIRE_RATE_LIMIT_PER_MINUTE: '0',
  QUIRE_TRUST_PROXY: '127.0.0.1',
  QUIRE_STATUS_PROBE_SECONDS: '0',
  QUIRE_WORKERS: '2',
  QUIRE_OFFICE_WORKERS: '1',
  LOG_LEVEL: 'info',
};

/** Unpacks `commit` into `dir` with this tree's node_modules (workspace packages linked to its own) and builds it. */
async function buildBase(commit: string, dir: string): Promise<void> {
  await mkdir(dir);
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C "${dir}"`], { cwd: ROOT });
  const modules = join(dir, 'node_modules');
  await mkdir(join(modules, '@quire'), { recursive: true });
  for (const name of await readdir(join(ROOT, 'node_modules'))) {
    if (name !== '@quire') await symlink(join(ROOT, 'node_modules', name), join(modules, name));
  }
  for (const name of await readdir(join(dir, 'packages'))) {
    await symlink(join('..', '..', 'packages', name), join(modules, '@quire', name));
  }
  const build = spawnSync(process.execPath, [join(dir, 'scripts/build-server.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`the build of ${commit} failed`);
}

console.log(
  `baseline bench: this tree (${git('rev-parse', '--short', 'HEAD')}) against ${baseCommit}; ${availableParallelism()} cores, load average ${formatLoad()}; ${ROUNDS} rounds of phases of ${PHASE_SECONDS} s`,
);
const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' });
if (build.status !== 0) throw new Error('the server build failed');

const scratch = await mkdtemp(join(tmpdir(), 'quire-baseline-bench-'));
async function compare(): Promise<number> {
  const baseRoot = join(scratch, 'base');
  await buildBase(baseCommit, baseRoot);
  const BASE = `all-in-one at ${baseCommit}`;
  const setup = (name: string, root: string): Setup => ({
    name,
    run: async (measure) => {
      const server = await startServer(
        // Both servers run at once (bench/rounds.ts): each empties its own job root when it starts and stops.
        {
          ...SERVER_ENV,
          QUIRE_JOB_ROOT: join(scratch, name, 'jobs'),
          QUIRE_DATA_DIR: join(scratch, name, 'data'),
        },
        root,
      );
      try {
        await measure(server.baseUrl);
      } finally {
        await server.stop();
      }
    },
  });
  const setups = [setup(BASE, baseRoot), setup('all-in-one, this tree', ROOT)];
  const phases = await throughputPhases();
  const results = await runRounds(setups, phases, {
    rounds: ROUNDS,
    phaseSeconds: PHASE_SECONDS,
    reference: BASE,
  });
  return printRatios(results, phases, BASE, { minRate: 0.95, maxP95: 1.05 });
}
const failed = await compare().finally(() => rm(scratch, { recursive: true, force: true }));
if (failed > 0) {
  console.error(`${failed} answers were neither a success nor a 503`);
  process.exit(1);
}
