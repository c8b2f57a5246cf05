// Throughput of whole servers side by side (`npm run bench cluster`, `npm run bench baseline`): merge and PDF→JPG
// closed loops, every setup once per round, in the reverse order of the round before (the machine is shared and its
// speed drifts by 20% within minutes), the figures pooled over the rounds, and the ratios against a reference.
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

type Pool = { ms: number[]; seconds: number; failed: number };

/** Runs every setup's phases once per round and gives each setup's figures per phase, pooled over the rounds. */
export async function runRounds(
  setups: readonly Setup[],
  phases: readonly Phase[],
  { rounds, phaseSeconds }: { rounds: number; phaseSeconds: number },
): Promise<Map<string, Figures[]>> {
  const pools = new Map(
    setups.map(({ name }) => [name, phases.map((): Pool => ({ ms: [], seconds: 0, failed: 0 }))]),
  );
  for (let round = 1; round <= rounds; round += 1) {
    console.log(`round ${round} of ${rounds}`);
    for (const setup of round % 2 === 1 ? setups : [...setups].reverse()) {
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
          const pool = pools.get(setup.name)?.[index] as Pool;
          pool.ms.push(...ok.map((outcome) => outcome.ms));
          pool.seconds += seconds;
          pool.failed += failures(outcomes).length;
        }
      });
    }
  }
  const results = new Map<string, Figures[]>();
  console.log('\nall rounds pooled:');
  for (const [name, setupPools] of pools) {
    const figures = setupPools.map((pool) => {
      const lat = latencies(pool.ms);
      return { rate: pool.ms.length / pool.seconds, p50: lat.p50, p95: lat.p95, failed: pool.failed };
    });
    for (const [index, phase] of phases.entries()) {
      const own = figures[index] as Figures;
      console.log(
        `  ${name.padEnd(30)} ${phase.name.padEnd(36)} ${own.rate.toFixed(2).padStart(6)} req/s, p50 ${ms(own.p50)}, p95 ${ms(own.p95)}`,
      );
    }
    results.set(name, figures);
  }
  return results;
}

/**
 * Prints each setup's throughput and p95 against the reference setup's, MET when the throughput ratio is at least
 * `minRate` and the p95 ratio at most `maxP95`; returns the number of failed answers (neither success nor 503).
 */
export function printRatios(
  results: Map<string, Figures[]>,
  phases: readonly Phase[],
  reference: string,
  { minRate, maxP95 }: { minRate: number; maxP95: number },
): number {
  const ref = results.get(reference) ?? [];
  let failed = 0;
  console.log(
    `\nagainst ${reference} (throughput ratio ≥ ${minRate} and p95 ratio ≤ ${maxP95} meet the goal):`,
  );
  for (const [setup, figures] of results) {
    for (const [index, phase] of phases.entries()) {
      const own = figures[index];
      const base = ref[index];
      if (!own || !base) continue;
      failed += own.failed;
      if (setup === reference) continue;
      const rateRatio = own.rate / base.rate;
      const p95Ratio = own.p95 / base.p95;
      const met = rateRatio >= minRate && p95Ratio <= maxP95;
      console.log(
        `  ${setup.padEnd(30)} ${phase.name.padEnd(36)} throughput ×${rateRatio.toFixed(2)}, p95 ×${p95Ratio.toFixed(2)}  ${met ? 'MET' : 'NOT MET'}`,
      );
    }
  }
  return failed;
}
