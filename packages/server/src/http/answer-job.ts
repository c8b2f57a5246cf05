import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DiskBudget } from '../jobs/disk-budget.ts';
import type { JobAnswer } from '../jobs/job-answer.ts';
import type { JobStore } from '../jobs/job-store.ts';
import { attachmentDisposition } from './file-names.ts';
import { watchSendProgress } from './watch-send-progress.ts';

export type JobAnswerDeps = {
  store: JobStore;
  diskBudget: DiskBudget;
  /** An answer that makes no progress for this long is aborted and its files removed. */
  sendIdleTimeoutMs: number;
};

/**
 * The life of one job request: a private job directory, counted against the disk budget (503 when it is spent) and
 * its client's share of it (429 `DISK_SHARE_FULL`); the handler receives the upload and runs the job, cancelled
 * when the client goes away; then everything but the result is removed before the answer is streamed, an answer
 * that stalls is cut, and the directory is removed when the response closes, whatever the outcome.
 */
export async function answerJob(
  request: FastifyRequest,
  reply: FastifyReply,
  { store, diskBudget, sendIdleTimeoutMs }: JobAnswerDeps,
  handle: (job: { jobDir: string; signal: AbortSignal }) => Promise<Omit<JobAnswer, 'report'>>,
): Promise<FastifyReply> {
  const id = await store.create();
  const jobDir = store.dirOf(id);
  const cancel = new AbortController();
  // Until the job is admitted there is nothing to release.
  let release = () => {};
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) cancel.abort();
    release();
    void store
      .remove(id)
      .catch((error: unknown) => request.log.error({ err: error }, 'job directory not removed'));
  });
  const budget = diskBudget.admit(jobDir, request.client, (reason) => cancel.abort(reason));
  release = budget.release;

  const started = performance.now();
  const answer = await handle({ jobDir, signal: cancel.signal });
  const { result, log } = answer;
  // Uploads and intermediate files (rendered pages, say) go before the answer is streamed: a slow reader holds
  // only the result.
  await store.keepResult(id, result.path, { dropInputs: true });
  const { size } = await stat(result.path);
  budget.settle(size);
  request.log.info({ ...log, outputBytes: size, ms: Math.round(performance.now() - started) }, 'job done');
  return sendResult(request, reply, answer, sendIdleTimeoutMs);
}

/** Streams a job's result with its type, name and report headers; an answer that stalls is cut. */
export async function sendResult(
  request: FastifyRequest,
  reply: FastifyReply,
  { result, headers, mimeType, fileName }: Omit<JobAnswer, 'report' | 'log'>,
  sendIdleTimeoutMs: number,
): Promise<FastifyReply> {
  const { size } = await stat(result.path);
  // Read to its known length, the stream ends with its last byte: an unbounded one needs one more read to find the
  // file's end, and a client that closes on the last byte of `content-length` (curl does) may beat that read on a
  // busy machine. The response would then close without finishing, and a delivered result wait for its expiry.
  const stream = createReadStream(result.path, { start: 0, end: Math.max(0, size - 1) });
  watchSendProgress(reply.raw, stream, sendIdleTimeoutMs, () =>
    request.log.info({ outputBytes: size, sentBytes: stream.bytesRead }, 'answer stalled: connection closed'),
  );
  return reply
    .header('content-type', mimeType)
    .header('content-length', String(size))
    .header('content-disposition', attachmentDisposition(fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .headers(headers)
    .send(stream);
}
