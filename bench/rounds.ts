// Throughput of whole servers side by side (`npm run bench cluster`, `npm run bench baseline`): merge and PDF→JPG
// closed loops, every setup once per round, in the reverse order of the round before (the machine is shared and its
// speed drifts by 20% within minutes). Each setup is compared with the reference measured in the same round, and the
// goal is judged on the median of those paired ratios: a slow minute of the machine then spoils one round's ratio,
// not the verdict. The figures pooled over all rounds are printed too.
import { readFile } from 'node:fs/promises';
import { corpusPath } from '@quire/corpus';
import { multipartBody, type Body } from './load-http.ts';
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

/** A server setup: `run` starts it, calls `measure` with its address, and stops it, whatever happens. */
export type Setup = { name: string; run: (measure: (baseUrl: string) => Promise<void>) => Promise<void> };
export type Figures = { rate: number; p50: number; p95: number; failed: number };

/** A setup's figures per phase: pooled over all rounds, and each round's own. */
export type Results = { pooled: Figures[]; rounds: Figures[][] };

type Pool = { ms: number[]; seconds: number; failed: number };

function figuresOf(pool: Pool): Figures {
  const lat = latencies(pool.ms);
  return { rate: pool.ms.length / pool.seconds, p50: lat.p50, p95: lat.p95, failed: pool.failed };
}

/** Runs every setup's phases once per round and gives each setup's figures per phase, per round and pooled. */
export async function runRounds(
  setups: readonly Setup[],
  phases: readonly Phase[],
  { rounds, phaseSeconds }: { rounds: number; phaseSeconds: number },
): Promise<Map<string, Results>> {
  const pools = new Map(
    setups.map(({ name }) => [name, phases.map((): Pool => ({ ms: [], seconds: 0, failed: 0 }))]),
  );
  const perRound = new Map(setups.map(({ name }): [string, Figures[][]] => [name, []]));
  for (let round = 1; round <= rounds; round += 1) {
    console.log(`round ${round} of ${rounds}`);
    for (const setup of round % 2 === 1 ? setups : [...setups].reverse()) {
      const own: Figures[] = [];
      perRound.get(setup.name)?.push(own);
      await setup.run(async (baseUrl) => {
        for (const [index, phase] of phases.entries()) {
          const url = `${baseUrl}${phase.path}`;
          // One of each first: workers warm, caches filled.
          await closedLoop(url, phase.body, 1, 2);
          await sleep(1000);
          const { outcomes, seconds } = await closedLoop(url, phase.body, phase.connections, phaseSeconds);
          const ok = successes(outcomes);
          const lat = latencies(ok.map((outcome) => outcome.ms));
          console.log(
            `  ${setup.name.padEnd(30)} ${phase.name.padEnd(36)} ${(ok.length / seconds).toFixed(2).padStart(6)} req/s, p50 ${ms(lat.p50)}, p95 ${ms(lat.p95)}; ${statusTable(outcomes)}`,
          );
          const times = ok.map((outcome) => outcome.ms);
          const failed = failures(outcomes).length;
          own.push(figuresOf({ ms: times, seconds, failed }));
          const pool = pools.get(setup.name)?.[index] as Pool;
          pool.ms.push(...times);
          pool.seconds += seconds;
          pool.failed += failed;
        }
      });
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
    results.set(name, { pooled: figures, rounds: perRound.get(name) ?? [] });
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

/**
 * Prints each setup's throughput and p95 against the reference setup's measured in the same round, and MET when the
 * median over the rounds of the throughput ratio is at least `minRate` and that of the p95 ratio at most `maxP95`;
 * the ratios of the pooled figures follow for comparison. Returns the number of failed answers (neither success nor
 * 503).
 */
export function printRatios(
  results: Map<string, Results>,
  phases: readonly Phase[],
  reference: string,
  { minRate, maxP95 }: { minRate: number; maxP95: number },
): number {
  const ref = results.get(reference);
  let failed = 0;
  console.log(
    `\nagainst ${reference} in the same round (the median ratio over the rounds meets the goal when throughput ≥ ×${minRate} and p95 ≤ ×${maxP95}):`,
  );
  for (const [setup, { pooled, rounds }] of results) {
    for (const [index, phase] of phases.entries()) {
      failed += pooled[index]?.failed ?? 0;
      if (setup === reference || !ref) continue;
      const pairs = rounds.flatMap((round, at) => {
        const own = round[index];
        const base = ref.rounds[at]?.[index];
        return own && base ? [{ rate: own.rate / base.rate, p95: own.p95 / base.p95 }] : [];
      });
      const rate = median(pairs.map((pair) => pair.rate));
      const p95 = median(pairs.map((pair) => pair.p95));
      const met = rate >= minRate && p95 <= maxP95;
      const own = pooled[index] as Figures;
      const base = ref.pooled[index] as Figures;
      console.log(
        `  ${setup.padEnd(30)} ${phase.name.padEnd(36)} throughput ×${rate.toFixed(2)}, p95 ×${p95.toFixed(2)}  ${met ? 'MET' : 'NOT MET'}`,
      );
      console.log(
        `  ${''.padEnd(30)} ${''.padEnd(36)} per round: throughput ${ratios(pairs.map((pair) => pair.rate))}, p95 ${ratios(pairs.map((pair) => pair.p95))}; pooled: throughput ×${(own.rate / base.rate).toFixed(2)}, p95 ×${(own.p95 / base.p95).toFixed(2)}`,
      );
    }
  }
  return failed;
}
