import { TOOLS, TOOL_IDS, type ToolId } from '@quire/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { runJob, type JobRunDeps } from '../../jobs/run-job.ts';
import { answerJob, type JobAnswerDeps } from '../answer-job.ts';
import { prepareJob, type JobLimits } from '../prepare-job.ts';
import { receiveUploads } from '../receive-uploads.ts';

/**
 * One POST route per tool, all from the registry: create a job (its upload streamed into its private directory,
 * its options checked), wait for it (run in its lane of worker processes, with the client's fair share), send its
 * answer (`answerJob`: disk budget, cleanup, stalled answers). A client that leaves cancels its job.
 */
export type ToolRouteDeps = JobAnswerDeps &
  JobRunDeps &
  JobLimits & {
    /** Checks run before the upload is read: API key and rate limit. */
    guards: onRequestHookHandler[];
  };

export function registerToolRoutes(app: FastifyInstance, deps: ToolRouteDeps): void {
  for (const toolId of TOOL_IDS) registerToolRoute(app, deps, toolId);
}

function registerToolRoute(app: FastifyInstance, deps: ToolRouteDeps, toolId: ToolId) {
  const tool = TOOLS[toolId];
  app.post(tool.apiPath, { onRequest: deps.guards }, async (request, reply) =>
    answerJob(request, reply, deps, async ({ jobDir, signal }) => {
      const uploads = await receiveUploads(request, tool, jobDir);
      return runJob(deps, prepareJob(deps, request, uploads), { dir: jobDir, signal });
    }),
  );
}
