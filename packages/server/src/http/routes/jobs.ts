import { stat } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { isTerminalState, JOBS_PATH, TOOL_FIELD, type JobView } from '@quire/shared';
import { notFound, type AsyncJobs } from '../../jobs/async-jobs.ts';
import { sendResult, type JobAnswerDeps } from '../answer-job.ts';
import { toAppError } from '../error-handler.ts';
import { createJobDir, pruneJobDir, removeJobDir } from '../job-dir.ts';
import { receiveUploads } from '../receive-uploads.ts';
import { prepareToolRun, runTool, type ToolRunDeps } from '../run-tool.ts';

export type JobRouteDeps = JobAnswerDeps &
  ToolRunDeps & {
    guards: onRequestHookHandler[];
    jobs: AsyncJobs;
  };

/** A comment line keeps an idle event stream open through proxies that cut silent connections. */
const HEARTBEAT_MS = 15_000;
const JOB_ID = /^[0-9a-f]{32}$/;

type JobParams = { Params: { id: string } };

/**
 * The asynchronous API: `POST /api/v1/jobs` takes the same upload as a tool's own route, with the `tool` field
 * first, and answers 202 with the job once its upload is stored and its options checked; the job then runs in its
 * lane with the same limits and fair share. `GET /api/v1/jobs/{id}` and `…/events` (Server-Sent Events) say how it
 * goes, `…/result` sends the file and deletes the job, and `DELETE` cancels and deletes it.
 */
export function registerJobRoutes(app: FastifyInstance, deps: JobRouteDeps): void {
  const { jobs } = deps;
  app.addHook('onClose', async () => jobs.clear());

  app.post(JOBS_PATH, { onRequest: deps.guards }, async (request, reply) => {
    const jobDir = await createJobDir(deps.jobRoot);
    // The disk budget stops a job that outgrows it, as a cancel does.
    const overBudget = new AbortController();
    let budget;
    try {
      budget = deps.diskBudget.admit(jobDir, (reason) => overBudget.abort(reason));
    } catch (error) {
      await removeJobDir(jobDir);
      throw error;
    }
    const dispose = async () => {
      budget.release();
      await removeJobDir(jobDir);
    };
    let run;
    try {
      run = prepareToolRun(deps, request, await receiveUploads(request, TOOL_FIELD, jobDir));
    } catch (error) {
      await dispose();
      throw error;
    }
    const { id, signal } = jobs.create(run.toolId, dispose);
    let admit = () => {};
    const admitted = new Promise<void>((resolve) => (admit = resolve));
    const work = runTool(deps, run, {
      jobDir,
      signal: AbortSignal.any([signal, overBudget.signal]),
      onAdmitted: admit,
      onStart: () => jobs.started(id),
      onProgress: (stage, pages) => jobs.progress(id, stage, pages),
    });
    try {
      // A job its lane or its client's fair share refuses is answered now (429, 503), not as a failed job.
      await Promise.race([admitted, work]);
    } catch (error) {
      await jobs.delete(id);
      throw error;
    }
    void work
      .then(async (answer) => {
        await pruneJobDir(jobDir, answer.result.path);
        await budget.settle();
        jobs.finished(id, answer, (await stat(answer.result.path)).size);
        request.log.info({ ...answer.log, job: 'async' }, 'job done');
      })
      .catch(async (error: unknown) => {
        const appError = toAppError(error);
        if (appError.code === 'INTERNAL') request.log.error({ err: error }, 'internal error in a job');
        jobs.failed(id, appError);
        // A failed job keeps its error for its client, not its files.
        budget.release();
        await removeJobDir(jobDir);
      })
      // Never an unhandled rejection (it would stop the server): a directory not removed is only logged.
      .catch((error: unknown) => request.log.error({ err: error }, 'job directory not removed'));
    return reply
      .status(202)
      .header('location', `${JOBS_PATH}/${id}`)
      .header('cache-control', 'no-store')
      .send({ success: true, job: jobs.view(id) });
  });

  app.get<JobParams>(`${JOBS_PATH}/:id`, async (request, reply) =>
    reply.header('cache-control', 'no-store').send({ success: true, job: viewOf(jobs, request) }),
  );

  app.get<JobParams>(`${JOBS_PATH}/:id/events`, async (request, reply) => {
    const first = viewOf(jobs, request);
    streamEvents(request, reply, jobs, first);
    return reply;
  });

  app.get<JobParams>(`${JOBS_PATH}/:id/result`, async (request, reply) => {
    const id = idOf(request);
    const found = jobs.answerOf(id);
    if ('error' in found) {
      // A failed job's error, once delivered, is all there was to fetch: it goes as a result does.
      if (jobs.view(id)?.state === 'failed') reply.raw.once('finish', () => void jobs.delete(id));
      throw found.error;
    }
    const { answer } = found;
    // Delivered means deleted; a download cut short may be tried again until the job expires.
    reply.raw.once('finish', () => void jobs.delete(id));
    return sendResult(request, reply, answer, deps.sendIdleTimeoutMs);
  });

  app.delete<JobParams>(`${JOBS_PATH}/:id`, async (request, reply) => {
    if (!(await jobs.delete(idOf(request)))) throw notFound();
    return reply.status(204).send();
  });
}

function idOf(request: FastifyRequest<JobParams>): string {
  const { id } = request.params;
  if (!JOB_ID.test(id)) throw notFound();
  return id;
}

function viewOf(jobs: AsyncJobs, request: FastifyRequest<JobParams>): JobView {
  const view = jobs.view(idOf(request));
  if (!view) throw notFound();
  return view;
}

/**
 * Server-Sent Events of one job: its view now, then at every change, each as an `event: job` whose data is the
 * same JSON as `GET /api/v1/jobs/{id}`; the stream ends after the job ends (or is deleted).
 */
function streamEvents(request: FastifyRequest, reply: FastifyReply, jobs: AsyncJobs, first: JobView): void {
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  let stopListening = () => {};
  const heartbeat = setInterval(() => response.write(': still running\n\n'), HEARTBEAT_MS);
  const end = () => {
    clearInterval(heartbeat);
    stopListening();
    response.end();
  };
  const send = (view: JobView) => {
    response.write(`event: job\ndata: ${JSON.stringify({ success: true, job: view })}\n\n`);
    if (isTerminalState(view.state)) end();
  };
  response.once('close', end);
  send(first);
  if (!isTerminalState(first.state)) stopListening = jobs.subscribe(first.id, send);
}
