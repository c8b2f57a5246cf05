// Summaries and goal lines of the load bench (bench/load.bench.ts).
import type { Outcome } from './load-http.ts';

export type Latencies = { count: number; p50: number; p95: number; p99: number; max: number };

export function latencies(values: readonly number[]): Latencies {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (fraction: number) =>
    sorted.length === 0
      ? 0
      : (sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0);
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

/** Counts by status and error code, e.g. `200 ×120, 503 SERVER_BUSY ×3, 0 ECONNRESET ×1`. */
export function statusTable(outcomes: readonly Outcome[]): string {
  const counts = new Map<string, number>();
  for (const outcome of outcomes) {
    const key =
      outcome.code && outcome.status !== 200 ? `${outcome.status} ${outcome.code}` : `${outcome.status}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return (
    [...counts.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, count]) => `${key} ×${count}`)
      .join(', ') || 'none'
  );
}

/** A failure is any answer that is neither a success nor a 503 (a full queue or a job timeout), or no answer. */
export function failures(outcomes: readonly Outcome[]): Outcome[] {
  return outcomes.filter(
    (outcome) => outcome.status === 0 || (outcome.status >= 300 && outcome.status !== 503),
  );
}

export function successes(outcomes: readonly Outcome[]): Outcome[] {
  return outcomes.filter((outcome) => outcome.status >= 200 && outcome.status < 300);
}

export function ms(value: number): string {
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(1)} ms`;
}

export type Goal = { name: string; isMet: boolean; figure: string; isCorrectness: boolean };

export class Goals {
  readonly list: Goal[] = [];

  /** A performance goal: reported, never fails the run. */
  target(name: string, isMet: boolean, figure: string): void {
    this.list.push({ name, isMet, figure, isCorrectness: false });
  }

  /** A correctness goal: a miss makes the bench exit non-zero. */
  correct(name: string, isMet: boolean, figure: string): void {
    this.list.push({ name, isMet, figure, isCorrectness: true });
  }

  print(): void {
    console.log('\nGoals (issue 7, docs/hardening.md section 5):');
    for (const goal of this.list) {
      const mark = goal.isMet ? 'MET    ' : 'NOT MET';
      const kind = goal.isCorrectness ? ' [correctness]' : '';
      console.log(`  ${mark}  ${goal.name}: ${goal.figure}${kind}`);
    }
  }

  get correctnessFailures(): Goal[] {
    return this.list.filter((goal) => goal.isCorrectness && !goal.isMet);
  }
}

/** Two lines of a phase's report: its answers by status, then its figures. */
export function report(name: string, outcomes: readonly Outcome[], figures: string): void {
  console.log(`  ${name}: ${outcomes.length} requests: ${statusTable(outcomes)}`);
  console.log(`  ${figures}`);
}
