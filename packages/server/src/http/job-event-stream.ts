import type { FastifyReply, FastifyRequest } from 'fastify';
import { isTerminalState, type JobView } from '@quire/shared';
import type { JobBackend } from '../jobs/job-backend.ts';

/** A comment line keeps an idle event stream open through proxies that cut silent connections. */
const HEARTBEAT_MS = 15_000;

/**
 * Server-Sent Events of one job: its view now, then at every change, each as an `event: job` whose data is the
 * same JSON as `GET /api/v1/jobs/{id}`; the stream ends after the job ends (or is deleted), and `release` is
 * called once it has ended or its client has gone.
 *
 * `first` was read before the stream's place was taken (an await on Redis in a cluster): a job that ended in between
 * sends no change to a listener that came after. So once listening, the job is read again, and a job found ended
 * (or gone) ends the stream.
 */
export function streamJobEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  jobs: Pick<JobBackend, 'view' | 'subscribe'>,
  first: JobView,
  release: () => void,
): void {
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
  let hasEnded = false;
  const heartbeat = setInterval(() => response.write(': still running\n\n'), HEARTBEAT_MS);
  const end = () => {
    if (hasEnded) return;
    hasEnded = true;
    clearInterval(heartbeat);
    stopListening();
    release();
    response.end();
  };
  const send = (view: JobView) => {
    if (hasEnded) return;
    response.write(`event: job\ndata: ${JSON.stringify({ success: true, job: view })}\n\n`);
    if (isTerminalState(view.state)) end();
  };
  response.once('close', end);
  send(first);
  if (isTerminalState(first.state)) return;
  stopListening = jobs.subscribe(first.id, send);
  // A client that left while its place was being taken closed the response before anyone listened.
  if (response.destroyed) {
    end();
    return;
  }
  jobs.view(first.id).then(
    (now) => {
      if (!now) end();
      else if (isTerminalState(now.state)) send(now);
    },
    // The job could not be read: the stream goes on, as it would have, with its changes and heartbeats.
    () => undefined,
  );
}
