// `npm run bench lanes [-- --seconds 90 --root <tree>]`: issue 29, item 1. Starts the built server of this tree (or
// of `--root`, another commit's tree with its server built) with its default lanes, then, lane by lane, eight
// addresses flood it with the longest jobs they can make (PDF to Word and OCR of a 100-page scan of 136 KB, 4
// million operators in 250 KB) while visitors, each a new address, send a one-page rotate or compress (PDF lane)
// or a one-page OCR (OCR lane). Prints the visitors' p50, p95 and max per lane against the goal (p95 within 5 s).
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { attackLane, describeVictims, laneAttacks } from './load-attack.ts';
import { latencies, ms, statusTable } from './load-report.ts';
import { formatLoad } from './proc-stats.ts';
import { startServer } from './start-server.ts';

const ROOT = resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  args: process.argv.slice(3),
  options: { seconds: { type: 'string', default: '90' }, root: { type: 'string', default: ROOT } },
});
const seconds = Number(args.seconds);
const root = resolve(args.root);

const build = spawnSync(process.execPath, [join(root, 'scripts/build-server.mjs')], { stdio: 'inherit' });
if (build.status !== 0) throw new Error('the server build failed');
console.log(`lanes bench: ${availableParallelism()} cores, load average ${formatLoad()}; server of ${root}`);
let failed = false;
for (const attack of await laneAttacks()) {
  const base = await mkdtemp(join(tmpdir(), 'quire-lanes-'));
  await mkdir(join(base, 'web'));
  const server = await startServer(
    {
      QUIRE_JOB_ROOT: join(base, 'jobs'),
      QUIRE_DATA_DIR: join(base, 'data'),
      QUIRE_WEB_ROOT: join(base, 'web'),
      QUIRE_RATE_LIMIT_PER_MINUTE: '0',
      QUIRE_STATUS_PROBE_SECONDS: '0',
      QUIRE_TRUST_PROXY: '127.0.0.1',
    },
    root,
  );
  try {
    console.log(
      `\n${attack.lane} lane: 8 attackers × 5 connections for ${seconds} s (load average ${formatLoad()})…`,
    );
    const outcome = await attackLane(server.baseUrl, attack, seconds);
    for (const line of describeVictims(outcome)) console.log(`  visitor ${line}`);
    console.log(`  attackers: ${statusTable(outcome.attackers)}`);
    const all = [...outcome.victims.values()].flat();
    const lat = latencies(all.filter((one) => one.status === 200).map((one) => one.ms));
    const isMet = lat.p95 <= 5_000 && all.every((one) => one.status === 200);
    failed ||= all.some((one) => one.status >= 500 && one.status !== 503);
    console.log(
      `  goal: visitors' p95 ≤ 5 s, all answered: ${isMet ? 'met' : 'NOT met'} (p95 ${ms(lat.p95)})`,
    );
  } finally {
    await server.stop();
    await rm(base, { recursive: true, force: true });
  }
}
console.log(`\nload average ${formatLoad()} at the end`);
if (failed) process.exitCode = 1;
