import { statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export type Measurement = { wallSeconds: number; maxRssKb: number; stdout: string };

/** Runs a command under GNU time: wall-clock seconds and peak resident memory (largest of the process tree). */
export function measureCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Measurement {
  const result = spawnSync('/usr/bin/time', ['-f', 'QUIRE_TIME %e %M', command, ...args], {
    encoding: 'utf8',
    env,
  });
  const match = /QUIRE_TIME ([\d.]+) (\d+)/.exec(result.stderr);
  if (result.status !== 0 || !match) {
    throw new Error(`${command} failed (${result.status}): ${result.stderr.slice(-2000)}`);
  }
  return { wallSeconds: Number(match[1]), maxRssKb: Number(match[2]), stdout: result.stdout };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function formatTable(rows: string[][]): string {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')).join('\n');
}

export type OpReport = {
  seconds: number[];
  outputBytes: number;
  /** The warm-up run's output, kept for checks; inside the work directory the caller removes. */
  outputPath: string;
  baselineRssMb: number;
  /** Peak RSS of the whole runner process tree, in megabytes. */
  peakRssMb: number;
};

/** Runs an engine op in a fresh warm process (bench/op-runner.ts) and reads its report. */
export function measureOp(
  toolId: string,
  options: object,
  runs: number,
  workDir: string,
  files: string[],
  /** Every file's password, for files that need one to open. */
  password?: string,
): OpReport {
  const runner = new URL('./op-runner.ts', import.meta.url).pathname;
  const measured = measureCommand(
    process.execPath,
    ['--import', 'tsx', runner, toolId, JSON.stringify(options), String(runs), workDir, ...files],
    password === undefined ? process.env : { ...process.env, QUIRE_BENCH_PASSWORD: password },
  );
  const report = JSON.parse(measured.stdout.trim().split('\n').pop() ?? '{}') as Omit<OpReport, 'peakRssMb'>;
  return { ...report, peakRssMb: measured.maxRssKb / 1024 };
}

export const megabytes = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);

/** A standard tool's time (median of the runs) and the size of what it wrote. */
export type StandardRun = { seconds: number; bytes: number };

/** Runs the standard tool's command `runs` times: the median wall time, and the size of `output` it wrote. */
export function measureStandard(command: string, args: string[], output: string, runs: number): StandardRun {
  const seconds = median(Array.from({ length: runs }, () => measureCommand(command, args).wallSeconds));
  return { seconds, bytes: statSync(output).size };
}

/** The columns `sideBySideCells` fills, after the row's own first ones. */
export const SIDE_BY_SIDE_HEADER = (standard: string): string[] => [
  `${standard} s`,
  'Quire s',
  'time ratio',
  `${standard} MB`,
  'Quire MB',
  'size ratio',
  'Quire RSS MB',
];

/** The standard tool and Quire side by side: times, their ratio (Quire over standard), sizes, their ratio, RSS. */
export function sideBySideCells(standard: StandardRun, ours: OpReport): string[] {
  const oursSeconds = median(ours.seconds);
  return [
    standard.seconds.toFixed(3),
    oursSeconds.toFixed(3),
    (oursSeconds / standard.seconds).toFixed(2),
    megabytes(standard.bytes),
    megabytes(ours.outputBytes),
    (ours.outputBytes / standard.bytes).toFixed(3),
    ours.peakRssMb.toFixed(0),
  ];
}
