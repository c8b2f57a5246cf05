import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { JOBS_PATH, TOOL_FIELD, type JobView } from '@quire/shared';
import { notFound } from '../../jobs/async-jobs.ts';
import type { JobBackend } from '../../jobs/job-backend.ts';
import type { StreamShare } from '../../jobs/stream-share.ts';
import { JOB_ID_PATTERN } from '../../jobs/job-store.ts';
import { sendResult, type JobAnswerDeps } from '../answer-job.ts';
import { streamJobEvents } from '../job-event-stream.ts';
import { prepareJob, type JobLimits } from '../prepare-job.ts';
import { receiveUploads } from '../receive-uploads.ts';

export type JobRouteDeps = JobAnswerDeps &
  JobLimits & {
    guards: onRequestHookHandler[];
    /** Names the request's client (and checks its API key) without counting it against the rate limit. */
    identify: onRequestHookHandler;
    jobs: JobBackend;
    /** Each client's share of open event streams. */
    streams: StreamShare;
  };

type JobParams = { Params: { id: string } };

/**
 * The asynchronous API: `POST /api/v1/jobs` takes the same upload as a tool's own route, with the `tool` field
 * first, and answers 202 with the job once its upload is stored, its options checked and its lane has taken it
 * (or 429/503 at once); the job then runs with the same limits and fair share. `GET /api/v1/jobs/{id}` and
 * `…/events` (Server-Sent Events) say how it goes, `…/result` sends the file (or the failed job's error) and
 * deletes the job, and `DELETE` cancels and deletes it. A client past one of its shares (`jobs/client-shares.ts`)
 * gets 429: its jobs waiting, its open event streams, the job disk its jobs and results hold.
 */
export function registerJobRoutes(app: FastifyInstance, deps: JobRouteDeps): void {
  const { jobs } = deps;
  app.addHook('onClose', async () => jobs.close());

  app.post(JOBS_PATH, { onRequest: deps.guards }, async (request, reply) => {
    // A client whose jobs and results already hold its share of the job disk is refused before its upload is read.
    await jobs.checkShares(request.client);
    const { store } = deps;
    const id = await store.create();
    const jobDir = store.dirOf(id);
    // The disk budget stops a job that outgrows it, or its client's share, as a cancel does.
    const overBudget = new AbortController();
    let budget;
    try {
      budget = deps.diskBudget.admit(jobDir, request.client, (reason) => overBudget.abort(reason));
    } catch (error) {
      await store.remove(id);
      throw error;
    }
    let job;
    try {
      job = prepareJob(deps, request, await receiveUploads(request, TOOL_FIELD, jobDir));
      // Its uploads count at once: an upload that takes its client past its share is refused, not run.
      await budget.measure();
    } catch (error) {
      budget.release();
      await store.remove(id);
      throw error;
    }
    const view = await jobs.start(job, { id, budget, stop: overBudget.signal }, request.log);
    return reply
      .status(202)
      .header('location', `${JOBS_PATH}/${view.id}`)
      .header('cache-control', 'no-store')
      .send({ success: true, job: view });
  });

  app.get<JobParams>(`${JOBS_PATH}/:id`, async (request, reply) =>
    reply.header('cache-control', 'no-store').send({ success: true, job: await viewOf(jobs, request) }),
  );

  app.get<JobParams>(`${JOBS_PATH}/:id/events`, { onRequest: deps.identify }, async (request, reply) => {
    const first = await viewOf(jobs, request);
    // The stream holds a place of its client's share until it closes, however it closes.
    const release = await deps.streams.open(request.client);
    streamJobEvents(request, reply, jobs, first, release);
    return reply;
  });

  app.get<JobParams>(`${JOBS_PATH}/:id/result`, async (request, reply) => {
    const id = idOf(request);
    const found = await jobs.answerOf(id);
    if ('error' in found) {
      // A failed job's error, once delivered, is all there was to fetch: it goes as a result does.
      if ((await jobs.view(id))?.state === 'failed') deleteOnceDelivered(request, reply, jobs, id);
      throw found.error;
    }
    // Delivered means deleted; a download cut short may be tried again until the job expires.
    deleteOnceDelivered(request, reply, jobs, id);
    return sendResult(request, reply, found.answer, deps.sendIdleTimeoutMs);
  });

  app.delete<JobParams>(`${JOBS_PATH}/:id`, async (request, reply) => {
    if (!(await jobs.delete(idOf(request)))) throw notFound();
    return reply.status(204).send();
  });
}

/**
 * Deletes the job, with its files, as soon as its answer is delivered: the response finished, every byte of it handed
 * to the connection (`sendResult` ends the response with the result's last byte). A response closed before that,
 * a download cut short, leaves the job for another try until it expires.
 */
function deleteOnceDelivered(
  request: FastifyRequest,
  reply: FastifyReply,
  jobs: JobBackend,
  id: string,
): void {
  reply.raw.once('finish', () => {
    // Never an unhandled rejection (it would stop the server): a job not deleted is only logged, and expires.
    jobs.delete(id).catch((error: unknown) => request.log.error({ err: error }, 'delivered job not deleted'));
  });
}

function idOf(request: FastifyRequest<JobParams>): string {
  const { id } = request.params;
  if (!JOB_ID_PATTERN.test(id)) throw notFound();
  return id;
}

async function viewOf(jobs: JobBackend, request: FastifyRequest<JobParams>): Promise<JobView> {
  const view = await jobs.view(idOf(request));
  if (!view) throw notFound();
  return view;
}
