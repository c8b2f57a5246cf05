// Throughput of whole servers side by side (`npm run bench cluster`, `npm run bench baseline`): merge and PDF→JPG
// closed loops, every setup once per round, each beside a reference server of its own, the two measured in turns of
// a few seconds (the machine is shared, and its speed drifts by 20% within a minute). Each setup is compared with its
// reference, and the goal is judged on the median of those paired ratios over the rounds: a slow minute of the
// machine then spoils one round's ratio, not the verdict. The figures pooled over all rounds are printed too.
import { readFile } from 'node:fs/promises';
import { corpusPath } from '@quire/corpus';
import { multipartBody, type Body, type Outcome } from './load-http.ts';
import { closedLoop, sleep } from './load-phases.ts';
import { failures, latencies, ms, statusTable, successes } from './load-report.ts';

export type Phase = { name: string; path: string; connections: number; body: Body };

const file = async (name: string, corpusName: string) => ({
  name,
  fileName: corpusName.split('/').pop() as string,
  contentType: 'application/pdf',
  data: await readFile(corpusPath(corpusName)),
});

/** The load bench's merge (8 clients at once) and PDF→JPG (4 clients, 12 pages at 150 DPI) calls. */
export async function throughputPhases(): Promise<Phase[]> {
  return [
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
      body: multipartBody([
        await file('file', 'pdf/pdfbox_page-labels_incremental_12p.pdf'),
        { name: 'quality', value: 'medium' },
      ]),
    },
  ];
}

/**
 * A server setup: `run` starts it, calls `measure` with its address, and stops it, whatever happens. Two run at
 * once (a setup and its reference): each needs directories of its own.
 */
export type Setup = { name: string; run: (measure: (baseUrl: string) => Promise<void>) => Promise<void> };
export type Figures = { rate: number; p50: number; p95: number; failed: number };

/**
 * A setup's figures per phase: pooled over all rounds, each round's own, and the reference's measured in turns with
 * this setup's in each round.
 */
export type Results = { pooled: Figures[]; rounds: Figures[][]; besideReference: Figures[][] };

type Pool = { ms: number[]; seconds: number; failed: number };

function figuresOf(pool: Pool): Figures {
  const lat = latencies(pool.ms);
  return { rate: pool.ms.length / pool.seconds, p50: lat.p50, p95: lat.p95, failed: pool.failed };
}

/** Slices of a phase measured beside the reference: short enough that the machine's speed barely moves in one. */
const SLICE_SECONDS = 5;

type Measured = { outcomes: Outcome[]; seconds: number };

/**
 * One phase's closed loop on each server of `baseUrls` for `seconds` each, the time cut into slices of
 * `SLICE_SECONDS` taken in turn, in ABBA order (which cancels a steady drift of the machine's speed), with a pause
 * after each for the last answers to arrive before the next server's turn.
 */
async function measurePhase(baseUrls: readonly string[], phase: Phase, seconds: number): Promise<Measured[]> {
  const urls = baseUrls.map((baseUrl) => `${baseUrl}${phase.path}`);
  // One of each first: workers warm, caches filled.
  for (const url of urls) await closedLoop(url, phase.body, 1, 2);
  await sleep(1000);
  const measured = urls.map((): Measured => ({ outcomes: [], seconds: 0 }));
  const slices = Math.max(2, Math.round(seconds / SLICE_SECONDS));
  for (let slice = 0; slice < slices; slice += 1) {
    const order = slice % 2 === 0 ? urls.keys() : [...urls.keys()].reverse();
    for (const side of order) {
      const run = await closedLoop(urls[side] as string, phase.body, phase.connections, seconds / slices);
      const into = measured[side] as Measured;
      into.outcomes.push(...run.outcomes);
      into.seconds += run.seconds;
      await sleep(500);
    }
  }
  return measured;
}

/**
 * Runs every setup's phases once per round and gives each setup's figures per phase, per round and pooled. Every
 * setup but the reference runs at the same time as a reference server of its own, and each phase alternates
 * between the two in short slices: the machine's speed drifts by 20% within a minute, and a setup compared with a
 * reference measured minutes apart measures the drift as much as the setup.
 */
export async function runRounds(
  setups: readonly Setup[],
  phases: readonly Phase[],
  { rounds, phaseSeconds, reference }: { rounds: number; phaseSeconds: number; reference: string },
): Promise<Map<string, Results>> {
  const ref = setups.find((setup) => setup.name === reference);
  if (!ref) throw new Error(`no setup is named ${reference}`);
  const pools = new Map(
    setups.map(({ name }) => [name, phases.map((): Pool => ({ ms: [], seconds: 0, failed: 0 }))]),
  );
  const perRound = new Map(setups.map(({ name }): [string, Figures[][]] => [name, []]));
  const beside = new Map(setups.map(({ name }): [string, Figures[][]] => [name, []]));
  const keep = (name: string, phase: Phase, index: number, { outcomes, seconds }: Measured): Figures => {
    const ok = successes(outcomes);
    const times = ok.map((outcome) => outcome.ms);
    const lat = latencies(times);
    console.log(
      `  ${name.padEnd(30)} ${phase.name.padEnd(36)} ${(ok.length / seconds).toFixed(2).padStart(6)} req/s, p50 ${ms(lat.p50)}, p95 ${ms(lat.p95)}; ${statusTable(outcomes)}`,
    );
    const failed = failures(outcomes).length;
    const pool = pools.get(name)?.[index] as Pool;
    pool.ms.push(...times);
    pool.seconds += seconds;
    pool.failed += failed;
    return figuresOf({ ms: times, seconds, failed });
  };
  for (let round = 1; round <= rounds; round += 1) {
    console.log(`round ${round} of ${rounds}`);
    const order = round % 2 === 1 ? setups : [...setups].reverse();
    for (const setup of order.filter((each) => each !== ref)) {
      const own: Figures[] = [];
      const refs: Figures[] = [];
      perRound.get(setup.name)?.push(own);
      beside.get(setup.name)?.push(refs);
      await ref.run((refUrl) =>
        setup.run(async (baseUrl) => {
          for (const [index, phase] of phases.entries()) {
            const [mine, theirs] = await measurePhase([baseUrl, refUrl], phase, phaseSeconds);
            own.push(keep(setup.name, phase, index, mine as Measured));
            refs.push(keep(ref.name, phase, index, theirs as Measured));
          }
        }),
      );
    }
  }
  const results = new Map<string, Results>();
  console.log('\nall rounds pooled:');
  for (const [name, setupPools] of pools) {
    const figures = setupPools.map(figuresOf);
    for (const [index, phase] of phases.entries()) {
      const own = figures[index] as Figures;
      console.log(
        `  ${name.padEnd(30)} ${phase.name.padEnd(36)} ${own.rate.toFixed(2).padStart(6)} req/s, p50 ${ms(own.p50)}, p95 ${ms(own.p95)}`,
      );
    }
    results.set(name, {
      pooled: figures,
      rounds: perRound.get(name) ?? [],
      besideReference: beside.get(name) ?? [],
    });
  }
  return results;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const ratios = (values: readonly number[]) => values.map((value) => `×${value.toFixed(2)}`).join(' ');

/** Setups measured and shown beside the others but outside the goal, and why. */
export type Unjudged = { readonly setups: readonly string[]; readonly why: string };

/**
 * Prints each setup's throughput and p95 against the reference's measured in turns with it in the same round, and MET when the median over the rounds of the throughput ratio is at least
 * `minRate` and that of the p95 ratio at most `maxP95`; the ratios of the pooled figures follow for comparison. The `unjudged` setups are shown the same way, marked as outside
 * the goal. Returns the number of failed answers (neither success nor 503).
 */
export function printRatios(
  results: Map<string, Results>,
  phases: readonly Phase[],
  reference: string,
  { minRate, maxP95, unjudged }: { minRate: number; maxP95: number; unjudged?: Unjudged },
): number {
  const ref = results.get(reference);
  let failed = 0;
  const verdicts = { judged: 0, met: 0 };
  console.log(
    `\nagainst ${reference} measured at the same time, in turns (the median ratio over the rounds meets the goal when throughput ≥ ×${minRate} and p95 ≤ ×${maxP95}):`,
  );
  for (const [setup, { pooled, rounds, besideReference }] of results) {
    for (const [index, phase] of phases.entries()) {
      failed += pooled[index]?.failed ?? 0;
      if (setup === reference || !ref) continue;
      const pairs = rounds.flatMap((round, at) => {
        const own = round[index];
        const base = besideReference[at]?.[index];
        return own && base ? [{ rate: own.rate / base.rate, p95: own.p95 / base.p95 }] : [];
      });
      const rate = median(pairs.map((pair) => pair.rate));
      const p95 = median(pairs.map((pair) => pair.p95));
      const met = rate >= minRate && p95 <= maxP95;
      const isJudged = !unjudged?.setups.includes(setup);
      if (isJudged) {
        verdicts.judged += 1;
        if (met) verdicts.met += 1;
      }
      const own = pooled[index] as Figures;
      const base = ref.pooled[index] as Figures;
      const verdict = isJudged
        ? met
          ? 'MET'
          : 'NOT MET'
        : `(${met ? 'within' : 'outside'} the goal; not judged)`;
      console.log(
        `  ${setup.padEnd(30)} ${phase.name.padEnd(36)} throughput ×${rate.toFixed(2)}, p95 ×${p95.toFixed(2)}  ${verdict}`,
      );
      console.log(
        `  ${''.padEnd(30)} ${''.padEnd(36)} per round: throughput ${ratios(pairs.map((pair) => pair.rate))}, p95 ${ratios(pairs.map((pair) => pair.p95))}; pooled: throughput ×${(own.rate / base.rate).toFixed(2)}, p95 ×${(own.p95 / base.p95).toFixed(2)}`,
      );
    }
  }
  console.log(`\ngoal met on ${verdicts.met} of ${verdicts.judged} judged rows`);
  if (unjudged) console.log(`not judged: ${unjudged.setups.join('; ')}: ${unjudged.why}`);
  return failed;
}
