// npm run bench cluster [-- --phase-seconds 20 --rounds 2]: merge and PDF→JPG throughput and p95 through a cluster
// (Redis, HAProxy, two web processes, then one and then two worker processes) against the all-in-one server, on the
// same cores and with the same job slots (2 PDF jobs at once), in one run, with the same bodies and closed loops as
// `npm run bench load`; every setup once per round, the figures pooled over the rounds. Goal (issue 13): the cluster
// costs at most 15% at equal cores. Exit status non-zero only for wrong answers, never for speed (the machine is
// shared).
import { spawnSync } from 'node:child_process';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { corpusPath } from '@quire/corpus';
import { startCluster } from '../packages/e2e/src/cluster-harness.ts';
import { multipartBody, type Body } from './load-http.ts';
import { closedLoop, sleep } from './load-phases.ts';
import { failures, latencies, ms, statusTable, successes } from './load-report.ts';
import { formatLoad } from './proc-stats.ts';
import { startServer } from './start-server.ts';

const ROOT = resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  args: process.argv.slice(3),
  options: {
    'phase-seconds': { type: 'string', default: process.env.QUIRE_CLUSTER_PHASE_SECONDS ?? '20' },
    rounds: { type: 'string', default: '2' },
  },
});
const PHASE_SECONDS = Number(args['phase-seconds']);
const ROUNDS = Number(args.rounds);
const PDF = 'application/pdf';
const file = async (name: string, corpusName: string) => ({
  name,
  fileName: corpusName.split('/').pop() as string,
  contentType: PDF,
  data: await readFile(corpusPath(corpusName)),
});
const TWELVE_PAGES = 'pdf/pdfbox_page-labels_incremental_12p.pdf';
const PHASES: { name: string; path: string; connections: number; body: Body }[] = [
  {
    name: 'merge c=8',
    path: '/api/pdf/merge',
    connections: 8,
    body: multipartBody([
      await file('file-0', 'pdf/pdf2docx_tables-lattice.pdf'),
      await file('file-1', 'pdf/pdf2docx_sections-columns.pdf'),
    ]),
  },
  {
    name: 'pdf-to-jpg c=4 (12 pages, 150 DPI)',
    path: '/api/pdf/to-jpg',
    connections: 4,
    body: multipartBody([await file('file', TWELVE_PAGES), { name: 'quality', value: 'medium' }]),
  },
];
/** Every set-up runs PDF jobs two at a time: the all-in-one's two workers, or the cluster's worker slots. */
const COMMON = {
  QUIRE_RATE_LIMIT_PER_MINUTE: '0',
  QUIRE_TRUST_PROXY: '127.0.0.1',
  QUIRE_STATUS_PROBE_SECONDS: '0',
  QUIRE_OFFICE_WORKERS: '1',
  LOG_LEVEL: 'warn',
};

/** What one setup did in one phase, pooled over the rounds. */
type Pool = { ms: number[]; seconds: number; failed: number; statuses: string[] };
const pools = new Map<string, Pool[]>();

async function measure(setup: string, baseUrl: string): Promise<void> {
  const setupPools = pools.get(setup) ?? PHASES.map(() => ({ ms: [], seconds: 0, failed: 0, statuses: [] }));
  pools.set(setup, setupPools);
  for (const [index, phase] of PHASES.entries()) {
    // One of each first: workers warm, caches filled.
    await closedLoop(`${baseUrl}${phase.path}`, phase.body, 1, 2);
    await sleep(1000);
    const { outcomes, seconds } = await closedLoop(
      `${baseUrl}${phase.path}`,
      phase.body,
      phase.connections,
      PHASE_SECONDS,
    );
    const ok = successes(outcomes);
    const lat = latencies(ok.map((outcome) => outcome.ms));
    console.log(
      `  ${setup.padEnd(30)} ${phase.name.padEnd(36)} ${(ok.length / seconds).toFixed(2).padStart(6)} req/s, p50 ${ms(lat.p50)}, p95 ${ms(lat.p95)}; ${statusTable(outcomes)}`,
    );
    const pool = setupPools[index] as Pool;
    pool.ms.push(...ok.map((outcome) => outcome.ms));
    pool.seconds += seconds;
    pool.failed += failures(outcomes).length;
  }
}

type Setup = { name: string; run: (base: string) => Promise<void> };
const ALL_IN_ONE = 'all-in-one (2 workers)';
const SETUPS: Setup[] = [
  {
    name: ALL_IN_ONE,
    run: async (base) => {
      const allInOne = await startServer({
        ...COMMON,
        QUIRE_WORKERS: '2',
        QUIRE_JOB_ROOT: join(base, 'jobs'),
        QUIRE_DATA_DIR: join(base, 'data'),
        LOG_LEVEL: 'info',
      });
      try {
        await measure(ALL_IN_ONE, allInOne.baseUrl);
      } finally {
        await allInOne.stop();
      }
    },
  },
  ...(
    [
      ['cluster, 1 worker × 2 slots', 1, '2'],
      ['cluster, 2 workers × 1 slot', 2, '1'],
    ] as const
  ).map(([name, workers, perWorker]) => ({
    name,
    run: async () => {
      const cluster = await startCluster({
        workers,
        // Health checks as deploy/haproxy.cfg makes them, not as often as the fault tests need.
        checkIntervalMs: 2_000,
        env: {
          ...COMMON,
          QUIRE_WORKERS: perWorker,
          QUIRE_TEST_OPS: '0',
          QUIRE_JOB_RETENTION_SECONDS: '600',
          LOG_LEVEL: 'info',
        },
      });
      try {
        await measure(name, cluster.proxyUrl);
      } finally {
        await cluster.close();
      }
    },
  })),
];

console.log(
  `cluster bench: ${availableParallelism()} cores, load average ${formatLoad()}; ${ROUNDS} rounds of phases of ${PHASE_SECONDS} s`,
);
const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' });
if (build.status !== 0) throw new Error('the server build failed');

const base = await mkdtemp(join(tmpdir(), 'quire-cluster-bench-'));
try {
  // The machine is shared and its speed drifts: each round runs every setup, in the reverse order of the round
  // before, and the figures pool every round.
  for (let round = 1; round <= ROUNDS; round += 1) {
    console.log(`round ${round} of ${ROUNDS}`);
    const order = round % 2 === 1 ? SETUPS : [...SETUPS].reverse();
    for (const setup of order) await setup.run(base);
  }
} finally {
  await rm(base, { recursive: true, force: true });
}

type Figures = { rate: number; p50: number; p95: number; failed: number };
const results = new Map<string, Figures[]>(
  SETUPS.map(({ name }) => [
    name,
    (pools.get(name) ?? []).map((pool) => {
      const lat = latencies(pool.ms);
      return { rate: pool.ms.length / pool.seconds, p50: lat.p50, p95: lat.p95, failed: pool.failed };
    }),
  ]),
);
console.log(`\nall rounds pooled:`);
for (const [setup, figures] of results) {
  for (const [index, phase] of PHASES.entries()) {
    const own = figures[index];
    if (!own) continue;
    console.log(
      `  ${setup.padEnd(30)} ${phase.name.padEnd(36)} ${own.rate.toFixed(2).padStart(6)} req/s, p50 ${ms(own.p50)}, p95 ${ms(own.p95)}`,
    );
  }
}

const reference = results.get(ALL_IN_ONE) ?? [];
let wrong = 0;
console.log(
  '\ncluster against the all-in-one server (throughput ratio ≥ 0.85 and p95 ratio ≤ 1.15 meet the goal):',
);
for (const [setup, figures] of results) {
  for (const [index, phase] of PHASES.entries()) {
    const own = figures[index];
    const ref = reference[index];
    if (!own || !ref) continue;
    wrong += own.failed;
    if (setup === ALL_IN_ONE) continue;
    const rateRatio = own.rate / ref.rate;
    const p95Ratio = own.p95 / ref.p95;
    const met = rateRatio >= 0.85 && p95Ratio <= 1.15;
    console.log(
      `  ${setup.padEnd(30)} ${phase.name.padEnd(36)} throughput ×${rateRatio.toFixed(2)}, p95 ×${p95Ratio.toFixed(2)}  ${met ? 'MET' : 'NOT MET'}`,
    );
  }
}
if (wrong > 0) {
  console.error(`${wrong} answers were neither a success nor a 503`);
  process.exit(1);
}
