import type { RunOptions } from '@quire/engine';
import type { Runner } from '../runner.ts';
import { AppError, TOOLS, reportHeaders, resultFileName, resultMimeType, type ToolId } from '@quire/shared';
import type { FastifyRequest } from 'fastify';
import type { ServiceMetrics } from '../metrics/service-metrics.ts';
import type { JobAnswer } from './answer-job.ts';
import type { Uploads } from './receive-uploads.ts';
import { parseToolOptions } from './tool-options.ts';

export type ToolRunDeps = {
  runner: Runner;
  /** The operator's wall-clock limit for every job, or null for each tool's own. */
  jobTimeoutMs: number | null;
  /** The operator's CPU-time limit for every job, or null for its wall-clock limit. */
  jobCpuMs: number | null;
  /** Wall-clock limit of Office conversions asked for without an API key. */
  anonymousOfficeTimeoutMs: number;
  metrics: ServiceMetrics;
};

/** A tool call whose upload has been read and whose options are valid, ready to run. */
export type ToolRun = {
  readonly toolId: ToolId;
  readonly uploads: Uploads;
  readonly options: ReturnType<typeof parseToolOptions>;
  readonly timeoutMs: number;
  readonly client: string;
};

/** Checks the options of an upload (400 `INVALID_OPTIONS` before any work) and sets the job's limits. */
export function prepareToolRun(deps: ToolRunDeps, request: FastifyRequest, uploads: Uploads): ToolRun {
  const toolId = uploads.tool.id;
  const options = parseToolOptions(toolId, uploads.fields);
  const timeoutMs = deps.jobTimeoutMs ?? uploads.tool.timeoutMs;
  // One visitor's Office document may not hold a LibreOffice for long: keys are for work known to be heavy.
  const isShortened = uploads.tool.lane === 'office' && !request.hasApiKey;
  return {
    toolId,
    uploads,
    options,
    timeoutMs: isShortened ? Math.min(timeoutMs, deps.anonymousOfficeTimeoutMs) : timeoutMs,
    client: request.client,
  };
}

/**
 * Runs a prepared tool call in its lane, with the client's fair share, and gives back what the answer needs; its
 * wait and its duration and outcome go to the metrics. `onStart` is told when a worker takes the job.
 */
export async function runTool(
  deps: ToolRunDeps,
  run: ToolRun,
  job: Pick<RunOptions, 'signal' | 'onAdmitted' | 'onProgress'> & { jobDir: string; onStart?: () => void },
): Promise<JobAnswer> {
  const { toolId, uploads } = run;
  const tool = TOOLS[toolId];
  const submitted = performance.now();
  const seconds = () => (performance.now() - submitted) / 1000;
  const result = await deps.runner
    .run(
      toolId,
      { files: uploads.files, options: run.options },
      {
        signal: job.signal,
        timeoutMs: run.timeoutMs,
        cpuLimitMs: deps.jobCpuMs ?? run.timeoutMs,
        workDir: job.jobDir,
        client: run.client,
        onAdmitted: job.onAdmitted,
        onProgress: job.onProgress,
        onStart: (waitedMs) => {
          deps.metrics.jobStarted(tool.lane, waitedMs ?? seconds() * 1000);
          job.onStart?.();
        },
      },
    )
    .catch((error: unknown) => {
      deps.metrics.jobFinished(toolId, error instanceof AppError ? error.code : 'INTERNAL', seconds());
      throw error;
    });
  deps.metrics.jobFinished(toolId, 'ok', seconds());
  // Named after the visitor's (first) file, as the site names it: `report.pdf` compressed is `report-compressed.pdf`.
  const mimeType = resultMimeType(toolId, result.report);
  return {
    result,
    headers: reportHeaders(toolId, result.report),
    mimeType,
    fileName: resultFileName(
      toolId,
      uploads.files.map((file) => file.name),
      mimeType,
    ),
    log: { tool: toolId, files: uploads.files.length },
  };
}
