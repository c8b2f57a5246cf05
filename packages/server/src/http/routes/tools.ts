import type { JobRunner } from '@quire/engine';
import { AppError, TOOLS, TOOL_IDS, reportHeaders, type ToolId } from '@quire/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ServiceMetrics } from '../../metrics/service-metrics.ts';
import { answerJob, type JobAnswerDeps } from '../answer-job.ts';
import { receiveUploads } from '../receive-uploads.ts';
import { parseToolOptions } from '../tool-options.ts';

/**
 * One POST route per tool, all from the registry: stream the upload into a private job directory, validate the
 * options, run the tool's engine op in its lane of worker processes, with the client's fair share, and stream the
 * result back (`answerJob`: disk budget, cleanup, stalled answers). A client that leaves cancels its job.
 */
export type ToolRouteDeps = JobAnswerDeps & {
  runner: JobRunner;
  /** Checks run before the upload is read: API key and rate limit. */
  guards: onRequestHookHandler[];
  /** The operator's wall-clock limit for every job, or null for each tool's own. */
  jobTimeoutMs: number | null;
  /** The operator's CPU-time limit for every job, or null for its wall-clock limit. */
  jobCpuMs: number | null;
  /** Wall-clock limit of Office conversions asked for without an API key. */
  anonymousOfficeTimeoutMs: number;
  metrics: ServiceMetrics;
};

export function registerToolRoutes(app: FastifyInstance, deps: ToolRouteDeps): void {
  for (const toolId of TOOL_IDS) registerToolRoute(app, deps, toolId);
}

function registerToolRoute(app: FastifyInstance, deps: ToolRouteDeps, toolId: ToolId) {
  const tool = TOOLS[toolId];
  const timeoutMs = deps.jobTimeoutMs ?? tool.timeoutMs;
  app.post(tool.apiPath, { onRequest: deps.guards }, async (request, reply) =>
    answerJob(request, reply, deps, async ({ jobDir, signal }) => {
      const uploads = await receiveUploads(request, tool, jobDir);
      const options = parseToolOptions(toolId, uploads.fields);
      // One visitor's Office document may not hold a LibreOffice for long: keys are for work known to be heavy.
      const jobTimeoutMs =
        tool.lane === 'office' && !request.hasApiKey
          ? Math.min(timeoutMs, deps.anonymousOfficeTimeoutMs)
          : timeoutMs;
      const submitted = performance.now();
      const finished = (outcome: string) =>
        deps.metrics.jobFinished(toolId, outcome, (performance.now() - submitted) / 1000);
      const result = await deps.runner
        .run(
          toolId,
          { files: uploads.files, options },
          {
            signal,
            timeoutMs: jobTimeoutMs,
            cpuLimitMs: deps.jobCpuMs ?? jobTimeoutMs,
            workDir: jobDir,
            client: request.client,
            onStart: () => deps.metrics.jobStarted(tool.lane, performance.now() - submitted),
          },
        )
        .catch((error: unknown) => {
          finished(error instanceof AppError ? error.code : 'INTERNAL');
          throw error;
        });
      finished('ok');
      return {
        result,
        headers: reportHeaders(toolId, result.report),
        mimeType: tool.output.mimeType,
        fileName: tool.output.fileName,
        log: { tool: toolId, files: uploads.files.length },
      };
    }),
  );
}
