import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { JobRunner } from '@quire/engine';
import { TOOLS, TOOL_IDS, type ToolId } from '@quire/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { attachmentDisposition } from '../file-names.ts';
import { createJobDir, removeJobDir } from '../job-dir.ts';
import { receiveUploads } from '../receive-uploads.ts';
import { parseToolOptions } from '../tool-options.ts';

/**
 * One POST route per tool, all from the registry: stream the upload into a private job directory, validate the
 * options, run the tool's engine op in its lane of workers and stream the result back. The job directory is removed
 * when the response ends, whether it succeeded, failed or the client went away; a client that leaves also cancels
 * its job.
 */
type ToolRouteDeps = {
  runner: JobRunner;
  jobRoot: string;
  /** Checks run before the upload is read: API key and rate limit. */
  guards: onRequestHookHandler[];
  /** The operator's wall-clock limit for every job, or null for each tool's own. */
  jobTimeoutMs: number | null;
};

export function registerToolRoutes(app: FastifyInstance, deps: ToolRouteDeps): void {
  for (const toolId of TOOL_IDS) registerToolRoute(app, deps, toolId);
}

function registerToolRoute(
  app: FastifyInstance,
  { runner, jobRoot, guards, jobTimeoutMs }: ToolRouteDeps,
  toolId: ToolId,
) {
  const tool = TOOLS[toolId];
  const timeoutMs = jobTimeoutMs ?? tool.timeoutMs;
  app.post(tool.apiPath, { onRequest: guards }, async (request, reply) => {
    const jobDir = await createJobDir(jobRoot);
    const cancel = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) cancel.abort();
      void removeJobDir(jobDir).catch((error: unknown) =>
        request.log.error({ err: error }, 'job directory not removed'),
      );
    });

    const uploads = await receiveUploads(request, tool, jobDir);
    const options = parseToolOptions(toolId, uploads.fields);
    const started = performance.now();
    const result = await runner.run(
      toolId,
      { files: uploads.files, options },
      { signal: cancel.signal, timeoutMs, workDir: jobDir },
    );
    const { size } = await stat(result.path);
    request.log.info(
      {
        tool: toolId,
        files: uploads.files.length,
        outputBytes: size,
        ms: Math.round(performance.now() - started),
      },
      'job done',
    );
    return reply
      .header('content-type', tool.output.mimeType)
      .header('content-length', String(size))
      .header('content-disposition', attachmentDisposition(tool.output.fileName))
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .headers(result.headers)
      .send(createReadStream(result.path));
  });
}
