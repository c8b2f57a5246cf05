// The phases of the load bench that issue 11 asks for: the server's own memory while two worst-case jobs run (and
// their worker trees' peak), and a visitor's latency while another client floods.
import { createTextOperatorBomb } from '@quire/test-kit/costly-pdfs';
import { multipartBody, nextVisitor, post, type Body, type Outcome } from './load-http.ts';
import { closedLoop, sleep } from './load-phases.ts';
import { latencies, ms, statusTable, type Goals } from './load-report.ts';
import { descendants, rssMb, sampleServer } from './proc-stats.ts';
import type { RunningServer } from './start-server.ts';

const PDF = 'application/pdf';
const REQUEST_TIMEOUT_MS = 180_000;
const SAMPLE_MS = 100;

export type WorstCase = {
  outcomes: Outcome[];
  serverPeakMb: number;
  treePeakMb: number;
  seconds: number;
};

/**
 * Two visitors send PDF to Word the worst document we know for it (a 250 KB page of 4 million text operators) at
 * the same moment. Every 100 ms: the server process's own RSS, and the RSS of everything below it (the worker
 * processes and their programs).
 */
export async function worstCaseJobs(baseUrl: string, serverPid: number): Promise<WorstCase> {
  const body = multipartBody([
    { name: 'file', fileName: 'operators.pdf', contentType: PDF, data: createTextOperatorBomb(4_000_000) },
  ]);
  let serverPeakMb = 0;
  let treePeakMb = 0;
  const timer = setInterval(() => {
    serverPeakMb = Math.max(serverPeakMb, rssMb(serverPid));
    const tree = descendants(serverPid).reduce((sum, pid) => sum + safeRssMb(pid), 0);
    treePeakMb = Math.max(treePeakMb, tree);
  }, SAMPLE_MS);
  const started = performance.now();
  const outcomes = await Promise.all(
    [1, 2].map(() => post(`${baseUrl}/api/pdf/to-word`, body, REQUEST_TIMEOUT_MS)),
  );
  clearInterval(timer);
  return { outcomes, serverPeakMb, treePeakMb, seconds: (performance.now() - started) / 1000 };
}

export type VictimLatency = { idle: Outcome[]; flooded: Outcome[]; flood: Outcome[] };

/**
 * A visitor rotates a one-page PDF every 2 s, first on a quiet server, then while one other client keeps four
 * connections busy with slow jobs (PDF to JPG of a 117-page book at 300 DPI): what fair share buys the visitor.
 */
export async function victimLatency(
  baseUrl: string,
  onePage: Body,
  slow: Body,
  seconds: number,
): Promise<VictimLatency> {
  const victim = nextVisitor();
  const rotateUrl = `${baseUrl}/api/pdf/rotate`;
  const idle: Outcome[] = [];
  for (let index = 0; index < 5; index += 1)
    idle.push(await post(rotateUrl, onePage, REQUEST_TIMEOUT_MS, victim));
  const flooder = nextVisitor();
  const flooding = closedLoop(`${baseUrl}/api/pdf/to-jpg`, slow, 4, seconds, flooder);
  // Let the flood take its lanes first.
  await sleep(3000);
  const flooded: Promise<Outcome>[] = [];
  const until = performance.now() + (seconds - 6) * 1000;
  while (performance.now() < until) {
    flooded.push(post(rotateUrl, onePage, REQUEST_TIMEOUT_MS, victim));
    await sleep(2000);
  }
  const [victimOutcomes, flood] = await Promise.all([Promise.all(flooded), flooding]);
  return { idle, flooded: victimOutcomes, flood: flood.outcomes };
}

export function summarise(outcomes: readonly Outcome[]): string {
  const ok = outcomes.filter((outcome) => outcome.status >= 200 && outcome.status < 300);
  const lat = latencies(ok.map((outcome) => outcome.ms));
  return `${ok.length}/${outcomes.length} answered 2xx, p50 ${Math.round(lat.p50)} ms, p95 ${Math.round(lat.p95)} ms, max ${Math.round(lat.max)} ms`;
}

function safeRssMb(pid: number): number {
  try {
    return rssMb(pid);
  } catch {
    return 0;
  }
}

export type IsolationContext = {
  server: RunningServer;
  benchStart: number;
  goals: Goals;
  phase: <T>(name: string, run: () => Promise<T>) => Promise<T>;
  settle: () => Promise<void>;
  report: (name: string, outcomes: readonly Outcome[], figures: string) => void;
  bodies: { onePage: Body; slowJpg: Body };
  seconds: number;
};

/** Runs both phases and records their goals. */
export async function isolationPhases(ctx: IsolationContext): Promise<void> {
  // 6. Two worst-case jobs at once: the server's own memory, and the workers'.
  await ctx.settle();
  const idleBefore = sampleServer(ctx.server.pid, ctx.benchStart);
  const worst = await ctx.phase('two worst-case jobs', () =>
    worstCaseJobs(ctx.server.baseUrl, ctx.server.pid),
  );
  await ctx.settle();
  const idleAfter = sampleServer(ctx.server.pid, ctx.benchStart);
  ctx.report(
    'two PDF to Word jobs of 4 million text operators (250 KB each) at once',
    worst.outcomes,
    `server RSS peak ${worst.serverPeakMb.toFixed(0)} MB (idle ${idleBefore.rssMb.toFixed(0)} MB before, ${idleAfter.rssMb.toFixed(0)} MB after); worker trees' peak ${worst.treePeakMb.toFixed(0)} MB; ${worst.seconds.toFixed(1)} s`,
  );
  ctx.goals.target(
    'worst case: server RSS < 250 MB',
    worst.serverPeakMb < 250,
    `${worst.serverPeakMb.toFixed(0)} MB`,
  );
  ctx.goals.target(
    'worst case: server back to idle (±25 MB)',
    idleAfter.rssMb <= idleBefore.rssMb + 25,
    `${idleBefore.rssMb.toFixed(0)} → ${idleAfter.rssMb.toFixed(0)} MB`,
  );
  ctx.goals.correct(
    'worst case: answered 200 or 422',
    worst.outcomes.every((outcome) => outcome.status === 200 || outcome.status === 422),
    statusTable(worst.outcomes),
  );

  // 7. A visitor's small job while one client floods with slow ones.
  await ctx.settle();
  const victim = await ctx.phase('victim during a flood', () =>
    victimLatency(ctx.server.baseUrl, ctx.bodies.onePage, ctx.bodies.slowJpg, ctx.seconds),
  );
  console.log(`  victim (rotate, 1 page) on a quiet server: ${summarise(victim.idle)}`);
  console.log(
    `  victim while one client floods (4 connections of PDF to JPG, 117 pages): ${summarise(victim.flooded)}`,
  );
  console.log(`  the flooding client: ${statusTable(victim.flood)}`);
  const victimLat = latencies(
    victim.flooded.filter((outcome) => outcome.status === 200).map((outcome) => outcome.ms),
  );
  ctx.goals.target('victim p95 < 5 s during a flood', victimLat.p95 < 5000, ms(victimLat.p95));
  ctx.goals.correct(
    'victim always served during a flood',
    victim.flooded.every((outcome) => outcome.status === 200),
    statusTable(victim.flooded),
  );
}
