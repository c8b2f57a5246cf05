import { TOOLS, TOOL_IDS, type ToolId } from '@quire/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { answerJob, type JobAnswerDeps } from '../answer-job.ts';
import { receiveUploads } from '../receive-uploads.ts';
import { prepareToolRun, runTool, type ToolRunDeps } from '../run-tool.ts';

/**
 * One POST route per tool, all from the registry: stream the upload into a private job directory, validate the
 * options, run the tool's engine op in its lane of worker processes, with the client's fair share, and stream the
 * result back (`answerJob`: disk budget, cleanup, stalled answers). A client that leaves cancels its job.
 */
export type ToolRouteDeps = JobAnswerDeps &
  ToolRunDeps & {
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
      return runTool(deps, prepareToolRun(deps, request, uploads), { jobDir, signal });
    }),
  );
}
