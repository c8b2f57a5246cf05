// npm run bench load [-- --phase-seconds 60 --soak-seconds 300 --soak-rate <req/s>]: drives the built server on
// 127.0.0.1 and prints what issue 7 asks for: merge and PDF→JPG under closed loops, Word→PDF at a fixed rate, an
// Office flood, 64 slow 10 MB uploads, `/healthz` latency throughout, and a mixed soak with the server's memory, open
// files, child processes and leftovers. Each figure is compared with docs/hardening.md section 5. The exit status is
// non-zero only for correctness failures (answers other than success or 503, leftovers, leaked files or processes),
// never for latency: the machine is shared. Env: QUIRE_LOAD_PHASE_SECONDS, QUIRE_LOAD_SOAK_SECONDS.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFile, mkdtemp, mkdir, readdir, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { corpusPath } from '@quire/corpus';
import { multipartBody, paddedPdf, type Outcome } from './load-http.ts';
import { closedLoop, fixedRate, flood, sleep, slowUploads, soak } from './load-phases.ts';
import { Goals, failures, latencies, ms, report, statusTable, successes } from './load-report.ts';
import {
  countEntries,
  descendants,
  processesMentioning,
  sampleServer,
  formatLoad,
  threadTimes,
  waitForEmpty,
  type ServerSample,
} from './proc-stats.ts';
import { startServer } from './start-server.ts';
import { isolationPhases } from './load-isolation.ts';
import { attackPhases } from './load-attack.ts';

const ROOT = resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  args: process.argv.slice(3),
  options: {
    'phase-seconds': { type: 'string', default: process.env.QUIRE_LOAD_PHASE_SECONDS ?? '60' },
    'soak-seconds': { type: 'string', default: process.env.QUIRE_LOAD_SOAK_SECONDS ?? '300' },
    'soak-rate': { type: 'string' },
  },
});
const PHASE_SECONDS = Number(args['phase-seconds']);
const SOAK_SECONDS = Number(args['soak-seconds']);
const PDF = 'application/pdf';
const OFFICE_WORKERS = 2; // the default: each keeps a LibreOffice warm
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const file = async (name: string, corpusName: string, type = PDF) => ({
  name,
  fileName: corpusName.split('/').pop() as string,
  contentType: type,
  data: await readFile(corpusPath(corpusName)),
});
const TEN_PAGES = 'pdf/pdfbox_page-labels_incremental_12p.pdf';
const bodies = {
  merge: multipartBody([
    await file('file-0', 'pdf/pdf2docx_tables-lattice.pdf'),
    await file('file-1', 'pdf/pdf2docx_sections-columns.pdf'),
  ]),
  split: multipartBody([await file('file', TEN_PAGES), { name: 'mode', value: 'pages' }]),
  toJpg: multipartBody([await file('file', TEN_PAGES), { name: 'quality', value: 'medium' }]),
  word: multipartBody([await file('file', 'word/mammoth_tables.docx', DOCX)]),
  onePage: multipartBody([
    await file('file', 'pdf/pdfbox_rotations-90-180-270_6p.pdf'),
    { name: 'angle', value: '90' },
    { name: 'pages', value: '1' },
  ]),
  slowJpg: multipartBody([
    await file('file', 'pdf/pysamples_geotopo-lecture-notes_117p.pdf'),
    { name: 'quality', value: 'high' },
  ]),
  slow: multipartBody([
    { name: 'file', fileName: 'ten-megabytes.pdf', contentType: PDF, data: paddedPdf(10 * 1024 * 1024) },
    { name: 'angle', value: '90' },
  ]),
};
const PATHS = {
  merge: '/api/pdf/merge',
  split: '/api/pdf/split',
  toJpg: '/api/pdf/to-jpg',
  word: '/api/pdf/from-word',
  rotate: '/api/pdf/rotate',
};

console.log(`load bench: ${availableParallelism()} cores, load average ${formatLoad()} at start`);
console.log(`phases of ${PHASE_SECONDS} s, soak of ${SOAK_SECONDS} s; building the server…`);
const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' });
if (build.status !== 0) throw new Error('the server build failed');

const base = await mkdtemp(join(tmpdir(), 'quire-load-'));
const jobRoot = join(base, 'jobs');
const serverTmp = join(base, 'tmp');
await mkdir(serverTmp);
const server = await startServer({
  QUIRE_JOB_ROOT: jobRoot,
  QUIRE_DATA_DIR: join(base, 'data'),
  TMPDIR: serverTmp,
  QUIRE_RATE_LIMIT_PER_MINUTE: '0',
  QUIRE_STATUS_PROBE_SECONDS: '0',
  // Each bench client is a visitor of its own, named by X-Forwarded-For (load-http.ts `nextVisitor`), as behind a
  // proxy: the fair share counts them apart.
  QUIRE_TRUST_PROXY: '127.0.0.1',
  QUIRE_OFFICE_WORKERS: String(OFFICE_WORKERS),
});
const benchStart = performance.now();
const phases: { name: string; from: number; to: number; busy: number; waiting: number }[] = [];
/** `/healthz` of the server, and the same request to a bare Node server beside it: what the machine alone costs. */
const health: { at: number; ms: number; status: number }[] = [];
const control: { at: number; ms: number; status: number }[] = [];
const children: ChildProcess[] = [];
const controlServer = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/control-server.ts')], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
children.push(controlServer);
const controlUrl = await new Promise<string>((resolvePromise) =>
  createInterface({ input: controlServer.stdout }).once('line', resolvePromise),
);
for (const [target, samples] of [
  [`${server.baseUrl}/healthz`, health],
  [controlUrl, control],
] as const) {
  const sampler = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'bench/healthz-sampler.ts'), target, '100'],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  children.push(sampler);
  createInterface({ input: sampler.stdout }).on('line', (line) => {
    const [at, latency, status] = line.split(' ').map(Number);
    samples.push({ at: at ?? 0, ms: latency ?? 0, status: status ?? 0 });
  });
}
const goals = new Goals();
const url = (path: string) => `${server.baseUrl}${path}`;

try {
  console.log(`server pid ${server.pid} at ${server.baseUrl}; warming up (one job of each kind)…`);
  for (const [path, body] of [
    [PATHS.merge, bodies.merge],
    [PATHS.split, bodies.split],
    [PATHS.toJpg, bodies.toJpg],
    [PATHS.word, bodies.word],
  ] as const) {
    await fixedRate(url(path), body, 1, 1);
  }
  await phase('idle', () => sleep(3000));
  const idle = sampleServer(server.pid, benchStart);
  console.log(
    `idle: RSS ${idle.rssMb.toFixed(0)} MB, ${idle.openFiles} open files, ${idle.children} child processes`,
  );

  // 1. Merge, closed loop of 8.
  const merge = await phase('merge c=8', () => closedLoop(url(PATHS.merge), bodies.merge, 8, PHASE_SECONDS));
  const mergeRate = successes(merge.outcomes).length / merge.seconds;
  const mergeLat = latencies(successes(merge.outcomes).map((outcome) => outcome.ms));
  report(
    'merge c=8',
    merge.outcomes,
    `${mergeRate.toFixed(1)} req/s, p50 ${ms(mergeLat.p50)}, p95 ${ms(mergeLat.p95)}`,
  );
  goals.target('merge ≥ 15 req/s', mergeRate >= 15, `${mergeRate.toFixed(1)} req/s`);
  goals.target('merge p95 < 500 ms', mergeLat.p95 < 500, ms(mergeLat.p95));
  correctness('merge', merge.outcomes, false);

  // 2. PDF → JPG, closed loop of 4.
  await settle();
  const jpg = await phase('pdf-to-jpg c=4', () =>
    closedLoop(url(PATHS.toJpg), bodies.toJpg, 4, PHASE_SECONDS),
  );
  const jpgRate = successes(jpg.outcomes).length / jpg.seconds;
  const jpgLat = latencies(successes(jpg.outcomes).map((outcome) => outcome.ms));
  report(
    'pdf-to-jpg c=4 (12 pages, 150 DPI)',
    jpg.outcomes,
    `${jpgRate.toFixed(2)} req/s, p50 ${ms(jpgLat.p50)}, p95 ${ms(jpgLat.p95)}`,
  );
  goals.target('pdf-to-jpg ≥ 1.5 req/s', jpgRate >= 1.5, `${jpgRate.toFixed(2)} req/s`);
  goals.target('pdf-to-jpg p95 < 4 s', jpgLat.p95 < 4000, ms(jpgLat.p95));
  correctness('pdf-to-jpg', jpg.outcomes, false);

  // 3. Word → PDF at a fixed rate.
  await settle();
  const word = await phase('word-to-pdf 0.3/s', () =>
    fixedRate(url(PATHS.word), bodies.word, 0.3, 2 * PHASE_SECONDS),
  );
  const wordLat = latencies(word.map((outcome) => outcome.ms));
  report('word-to-pdf at 0.3 req/s', word, `p50 ${ms(wordLat.p50)}, p95 ${ms(wordLat.p95)}`);
  goals.target('word-to-pdf p95 < 6 s', wordLat.p95 < 6000, ms(wordLat.p95));
  correctness('word-to-pdf', word, false);

  // 4. Office flood: 40 at once.
  await settle();
  const office = await phase('office flood', () =>
    flood(server.baseUrl, PATHS.word, bodies.word, 40, 'office'),
  );
  const refused = office.outcomes.filter((outcome) => outcome.status === 503);
  const accepted = successes(office.outcomes);
  const refusedLat = latencies(refused.map((outcome) => outcome.ms));
  const acceptedLat = latencies(accepted.map((outcome) => outcome.ms));
  report(
    'office flood (40 at once)',
    office.outcomes,
    `${accepted.length} accepted (last done after ${ms(acceptedLat.max)}), ${refused.length} × 503 (slowest ${ms(refusedLat.max)}), at most ${office.maxHeld} held`,
  );
  goals.target(
    'flood: ≤ 10 held (2 running + 8 queued)',
    office.maxHeld <= 10,
    `${office.maxHeld} held at most`,
  );
  goals.target('flood: 503s within 1 s', refusedLat.max < 1000, `slowest 503 ${ms(refusedLat.max)}`);
  goals.target('flood: accepted finish < 60 s', acceptedLat.max < 60_000, ms(acceptedLat.max));
  goals.correct(
    'flood: every 503 has Retry-After',
    refused.every((outcome) => Number(outcome.retryAfter) > 0),
    `${refused.filter((outcome) => Number(outcome.retryAfter) > 0).length}/${refused.length}`,
  );
  correctness('flood', office.outcomes, true);

  // 5. 64 slow 10 MB uploads held at once.
  await settle();
  let peakRss = 0;
  const rssWatch = setInterval(() => {
    peakRss = Math.max(peakRss, sampleServer(server.pid, benchStart).rssMb);
  }, 500);
  const slow = await phase('64 slow uploads', () =>
    slowUploads(url(PATHS.rotate), bodies.slow, {
      count: 64,
      chunkBytes: 16 * 1024,
      intervalMs: 62,
      startSpreadMs: 10_000,
    }),
  );
  clearInterval(rssWatch);
  const slowLat = latencies(slow.outcomes.map((outcome) => outcome.ms));
  report(
    '64 slow 10 MB uploads (16 KB every 62 ms)',
    slow.outcomes,
    `${slow.maxOpen} open at once, wall p50 ${ms(slowLat.p50)}, max ${ms(slowLat.max)}, server peak RSS ${peakRss.toFixed(0)} MB`,
  );
  goals.target(
    'slow uploads: all complete with 200',
    successes(slow.outcomes).length === 64,
    statusTable(slow.outcomes),
  );
  goals.target('slow uploads: server RSS < 300 MB', peakRss < 300, `${peakRss.toFixed(0)} MB peak`);
  correctness('slow uploads', slow.outcomes, true);

  // 6 and 7. Two worst-case jobs at once; a visitor's small job while one client floods.
  await isolationPhases({ server, benchStart, goals, phase, settle, report, bodies, seconds: PHASE_SECONDS });

  // 8. Eight addresses flood each lane with its longest jobs; visitors' one-page jobs (issue 29, item 1).
  await attackPhases({ baseUrl: server.baseUrl, goals, phase, settle, seconds: PHASE_SECONDS });

  // 9. Mixed soak.
  await settle();
  await sleep(6000);
  const before = sampleServer(server.pid, benchStart);
  const tmpBefore = await countEntries(serverTmp);
  const pdfSeconds = 0.7 / Math.max(mergeRate, 0.1) + 0.2 / Math.max(jpgRate, 0.05);
  const officeSeconds = 0.1 * (wordLat.p50 / 1000);
  const rate = args['soak-rate'] ? Number(args['soak-rate']) : 0.6 / Math.max(pdfSeconds, officeSeconds);
  console.log(
    `\nsoak: ${SOAK_SECONDS} s at ${rate.toFixed(2)} req/s (60% of the measured capacity); before: RSS ${before.rssMb.toFixed(0)} MB, ${before.openFiles} open files, ${before.children} children, ${tmpBefore} entries in TMPDIR`,
  );
  const samples: ServerSample[] = [];
  const soakStart = (performance.now() - benchStart) / 1000;
  const soakWatch = setInterval(() => samples.push(sampleServer(server.pid, benchStart)), 5000);
  const mixed = await phase('soak', () =>
    soak(
      [
        { name: 'merge', weight: 35, url: url(PATHS.merge), body: bodies.merge },
        { name: 'split', weight: 35, url: url(PATHS.split), body: bodies.split },
        { name: 'pdf-to-jpg', weight: 20, url: url(PATHS.toJpg), body: bodies.toJpg },
        { name: 'word-to-pdf', weight: 10, url: url(PATHS.word), body: bodies.word },
      ],
      rate,
      SOAK_SECONDS,
      64,
    ),
  );
  clearInterval(soakWatch);
  const referenceAt = soakStart + Math.min(60, SOAK_SECONDS / 5);
  const minute1 = samples.find((sample) => sample.at >= referenceAt) ?? samples[0] ?? before;
  const end = samples.at(-1) ?? before;
  const growth = ((end.rssMb - minute1.rssMb) / minute1.rssMb) * 100;
  const leftoverSeconds = await waitForEmpty(jobRoot, 60);
  await sleep(6000);
  const after = sampleServer(server.pid, benchStart);
  const tmpAfter = await countEntries(serverTmp);
  const officeDirs = (await readdir(serverTmp)).filter((name) => name.startsWith('quire-office'));
  const orphans = processesMentioning(base, [server.pid, ...descendants(server.pid)]);
  const soakOutcomes = mixed.results.map((result) => result.outcome);
  for (const kind of ['merge', 'split', 'pdf-to-jpg', 'word-to-pdf']) {
    const of = mixed.results.filter((result) => result.kind === kind).map((result) => result.outcome);
    const lat = latencies(successes(of).map((outcome) => outcome.ms));
    console.log(`  ${kind.padEnd(12)} ${statusTable(of)}; p50 ${ms(lat.p50)}, p95 ${ms(lat.p95)}`);
  }
  const fiveHundreds = soakOutcomes.filter((outcome) => outcome.status >= 500);
  console.log(
    `  5xx by code: ${statusTable(fiveHundreds)}; arrivals skipped at the 64-in-flight cap: ${mixed.skipped}`,
  );
  const row = (label: string, sample: ServerSample) =>
    `  ${label.padEnd(22)} RSS ${sample.rssMb.toFixed(0).padStart(4)} MB, ${String(sample.openFiles).padStart(3)} open files, ${sample.children} child processes`;
  console.log(row(`minute 1 (${(minute1.at - soakStart).toFixed(0)} s)`, minute1));
  console.log(row(`end (${(end.at - soakStart).toFixed(0)} s)`, end));
  console.log(row('idle after', after));
  console.log(
    `  memory growth minute 1 → end: ${growth.toFixed(1)}%; job root empty ${leftoverSeconds < 0 ? 'NOT within 60 s' : `after ${leftoverSeconds.toFixed(1)} s`}; TMPDIR entries ${tmpBefore} → ${tmpAfter} (${officeDirs.length} LibreOffice instance dirs); orphan processes ${orphans.length}`,
  );
  goals.target('soak: memory growth < 10% (minute 1 → end)', growth < 10, `${growth.toFixed(1)}%`);
  goals.correct(
    'soak: 5xx only 503',
    fiveHundreds.every((outcome) => outcome.status === 503),
    statusTable(fiveHundreds),
  );
  correctness('soak', soakOutcomes, true);
  goals.correct(
    'soak: open files back to baseline (±10)',
    Math.abs(after.openFiles - before.openFiles) <= 10,
    `${before.openFiles} → ${after.openFiles}`,
  );
  goals.correct(
    'soak: child processes back to baseline',
    after.children <= before.children,
    `${before.children} → ${after.children}`,
  );
  goals.correct('soak: no orphan processes', orphans.length === 0, `${orphans.length}`);
  goals.correct(
    'soak: job root empty ≤ 60 s after',
    leftoverSeconds >= 0,
    leftoverSeconds >= 0 ? `${leftoverSeconds.toFixed(1)} s` : 'not empty',
  );
  goals.correct(
    'soak: TMPDIR holds only the live LibreOffice instances',
    officeDirs.length <= OFFICE_WORKERS && tmpAfter <= tmpBefore + 10,
    `${tmpBefore} → ${tmpAfter} entries`,
  );

  // /healthz throughout, beside the bare control server, with the server's main thread's time.
  console.log(
    '\n/healthz every 100 ms from a separate process; control: a bare Node server beside it, sampled alike;',
  );
  console.log(
    'main thread: share of the phase the event loop ran / waited runnable for a core (/proc schedstat)',
  );
  for (const { name, from, to, busy, waiting } of phases) {
    const of = (samples: typeof health) => samples.filter((sample) => sample.at >= from && sample.at <= to);
    const inPhase = of(health);
    const lat = latencies(inPhase.filter((sample) => sample.status === 200).map((sample) => sample.ms));
    const base = latencies(
      of(control)
        .filter((sample) => sample.status === 200)
        .map((sample) => sample.ms),
    );
    const bad = inPhase.filter((sample) => sample.status !== 200).length;
    console.log(
      `  ${name.padEnd(20)} n=${String(lat.count).padStart(5)}  p50 ${ms(lat.p50).padStart(9)}  p99 ${ms(lat.p99).padStart(9)}  max ${ms(lat.max).padStart(9)}` +
        `  | control p50 ${ms(base.p50).padStart(8)} p99 ${ms(base.p99).padStart(9)}` +
        `  | main thread ${(busy * 100).toFixed(0).padStart(3)}% running, ${(waiting * 100).toFixed(0).padStart(3)}% waiting${bad ? `  ${bad} failed` : ''}`,
    );
    if (name !== 'idle')
      goals.target(
        `/healthz p99 < 100 ms during ${name}`,
        lat.p99 < 100,
        `${ms(lat.p99)} (control ${ms(base.p99)})`,
      );
    goals.correct(`/healthz always answered during ${name}`, bad === 0, `${bad} failed`);
  }
} finally {
  for (const child of children) {
    child.stdin?.end();
    child.kill();
  }
  const stopStarted = performance.now();
  await server.stop();
  const shutdownMs = performance.now() - stopStarted;
  const leftovers = (await countEntries(jobRoot)) + (await countEntries(serverTmp));
  console.log(
    `\nserver stopped (SIGTERM) in ${ms(shutdownMs)}; ${leftovers} entries left in its job root and TMPDIR`,
  );
  goals.correct('nothing left after shutdown', leftovers === 0, `${leftovers} entries`);
  await rm(base, { recursive: true, force: true });
}
console.log(`load average ${formatLoad()} at the end`);
goals.print();
if (goals.correctnessFailures.length > 0) {
  console.error(`\n${goals.correctnessFailures.length} correctness failure(s)`);
  process.exitCode = 1;
}

/** Runs one phase, noting its time span and how the server's main thread spent it (running, or waiting for a core). */
async function phase<T>(name: string, run: () => Promise<T>): Promise<T> {
  const from = Date.now();
  const before = threadTimes(server.pid);
  console.log(`\n${name}: running (load average ${formatLoad()})…`);
  try {
    return await run();
  } finally {
    const to = Date.now();
    const after = threadTimes(server.pid);
    const wallMs = Math.max(1, to - from);
    phases.push({
      name,
      from,
      to,
      busy: (after.runMs - before.runMs) / wallMs,
      waiting: (after.waitMs - before.waitMs) / wallMs,
    });
  }
}

/**
 * Records that no answer was other than a success or a 503 (correctness), and, for phases whose goal is no refusal
 * at all, that nothing but successes came back (a target).
 */
function correctness(name: string, outcomes: readonly Outcome[], isBusyAllowed: boolean): void {
  const bad = failures(outcomes);
  goals.correct(
    `${name}: no failure but 503`,
    bad.length === 0,
    bad.length === 0 ? 'none' : statusTable(bad),
  );
  if (isBusyAllowed) return;
  const refused = outcomes.filter((outcome) => outcome.status < 200 || outcome.status >= 300);
  goals.target(
    `${name}: 0 non-2xx`,
    refused.length === 0,
    refused.length === 0 ? 'none' : statusTable(refused),
  );
}

/** Waits until no job runs or waits in the server. */
async function settle(): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const report = (await (await fetch(url('/readyz'))).json()) as {
      lanes: Record<string, { running: number; queued: number }>;
    };
    if (Object.values(report.lanes).every((lane) => lane.running === 0 && lane.queued === 0)) break;
    await sleep(100);
  }
  await sleep(2000);
}
