import type { JobInput, RunOptions } from '@quire/engine';
import { AppError, TOOLS, type ToolId } from '@quire/shared';
import type { ServiceMetrics } from '../metrics/service-metrics.ts';
import type { Runner } from '../runner.ts';
import { answerOf, nameResult, type JobAnswer } from './job-answer.ts';

/** A tool's job as its request asked for it, its upload stored and its options checked: ready to run. */
export type JobRequest<T extends ToolId = ToolId> = {
  readonly toolId: T;
  readonly input: JobInput<T>;
  /** Its wall-clock limit, and the CPU time its processes may use together. */
  readonly timeoutMs: number;
  readonly cpuLimitMs: number;
  /** Whose fair share it counts against. */
  readonly client: string;
};

export type JobRunDeps = { runner: Runner; metrics: ServiceMetrics };

/**
 * The metrics of one job, wherever it runs: its wait once it starts, its duration and outcome once it ends. Each is
 * recorded once: `started` and `finished` do nothing when called again.
 */
export function measureJob(
  metrics: ServiceMetrics,
  toolId: ToolId,
): { started: (waitedMs?: number) => void; finished: (outcome: string) => void } {
  const submitted = performance.now();
  const seconds = () => (performance.now() - submitted) / 1000;
  let hasStarted = false;
  let hasFinished = false;
  return {
    started: (waitedMs) => {
      if (hasStarted) return;
      hasStarted = true;
      metrics.jobStarted(TOOLS[toolId].lane, waitedMs ?? seconds() * 1000);
    },
    finished: (outcome) => {
      if (hasFinished) return;
      hasFinished = true;
      metrics.jobFinished(toolId, outcome, seconds());
    },
  };
}

/** The code a failed job's outcome is counted under. */
export function outcomeOf(error: unknown): string {
  return error instanceof AppError ? error.code : 'INTERNAL';
}

/**
 * Runs a job in its lane, with its client's fair share, in its directory, and gives back its answer; its wait, its
 * duration and its outcome go to the metrics. `onStart` is told when a worker takes the job.
 */
export async function runJob(
  deps: JobRunDeps,
  request: JobRequest,
  job: Pick<RunOptions, 'signal' | 'onAdmitted' | 'onProgress'> & { dir: string; onStart?: () => void },
): Promise<JobAnswer> {
  const { toolId, input } = request;
  const measure = measureJob(deps.metrics, toolId);
  const result = await deps.runner
    .run(toolId, input, {
      signal: job.signal,
      timeoutMs: request.timeoutMs,
      cpuLimitMs: request.cpuLimitMs,
      workDir: job.dir,
      client: request.client,
      onAdmitted: job.onAdmitted,
      onProgress: job.onProgress,
      onStart: (waitedMs) => {
        measure.started(waitedMs);
        job.onStart?.();
      },
    })
    .catch((error: unknown) => {
      measure.finished(outcomeOf(error));
      throw error;
    });
  measure.finished('ok');
  const sourceNames = input.files.map((file) => file.name);
  return answerOf(toolId, result, nameResult(toolId, result.report, sourceNames), {
    files: input.files.length,
  });
}
