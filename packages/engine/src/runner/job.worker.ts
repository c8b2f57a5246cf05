import { AppError, type ToolId } from '@quire/shared';
import { stopWarmOffice } from '../libreoffice/warm-office.ts';
import { isMupdfHealthy, loadMupdf, mupdfHeapBytes } from '../mupdf/load-mupdf.ts';
import { ENGINE_OPS } from '../ops/index.ts';
import { opInput } from '../ops/op-input.ts';
import type { EngineOp, JobContext, JobResult } from '../ops/types.ts';
import type { FromWorker, JobOutcome, JobWork, ToWorker, WorkerData } from './messages.ts';
import { TEST_OPS } from './test-ops.ts';
import { throttleProgress } from './throttle-progress.ts';
import { stopError } from '../process/stop-error.ts';

/**
 * The worker process entry: receive a job, run the tool's engine op (the same function tests call), send the
 * outcome. The pool started this process at a lower CPU priority, inside its memory cage, with a cap on the size of
 * any file it or its programs write, and so that the kernel kills it if the server dies.
 */
const send = (message: FromWorker) => {
  if (process.send) process.send(message);
};
if (!process.send) throw new Error('job.worker must be started by the job pool, with an IPC channel');
const { maxHeapBytes, allowTestOps, maxOutputBytes } = JSON.parse(process.argv[2] ?? '{}') as WorkerData;

const running = new Map<number, AbortController>();
/** Jobs waiting for the pool's word that they may do the work they announced. */
const awaitingWork = new Map<number, () => void>();

// The server went away (its IPC channel closed): nothing is left to work for.
process.on('disconnect', () => process.exit(0));

process.on('message', (message: ToWorker) => {
  if (message.type === 'abort') {
    running.get(message.jobId)?.abort(new AppError('JOB_TIMEOUT', 'The job was stopped.'));
    return;
  }
  if (message.type === 'proceed') {
    awaitingWork.get(message.jobId)?.();
    return;
  }
  if (message.type === 'shutdown') {
    void stopWarmOffice().then(() => send({ type: 'shut-down' }));
    return;
  }
  void runJob(message);
});

// Instantiate MuPDF's WebAssembly now rather than during a visitor's first job, then say so.
void loadMupdf().then(
  () => send({ type: 'ready' }),
  () => send({ type: 'ready' }),
);

async function runJob({
  jobId,
  work,
  workDir,
  timeoutMs,
  reportsProgress,
}: Extract<ToWorker, { type: 'run' }>) {
  const controller = new AbortController();
  running.set(jobId, controller);
  let reply: JobOutcome;
  const progress = reportsProgress
    ? throttleProgress((stage, pages) => send({ type: 'progress', jobId, stage, pages: pages ?? null }))
    : null;
  try {
    const onProgress = progress?.listener;
    const setTimeLimit = (limitMs: number) => send({ type: 'time-limit', jobId, timeoutMs: limitMs });
    const declareWork = (estimateMs: number) => waitForWork(jobId, estimateMs, controller.signal);
    const result = await runWork(work, {
      signal: controller.signal,
      workDir,
      timeoutMs,
      onProgress,
      setTimeLimit,
      declareWork,
      maxOutputBytes,
    });
    reply = { type: 'done', jobId, result };
  } catch (error) {
    const known = toAppError(error);
    reply = known
      ? { type: 'failed', jobId, error: known.toJson().error }
      : {
          type: 'crashed',
          jobId,
          stack: error instanceof Error ? (error.stack ?? error.message) : String(error),
        };
  } finally {
    progress?.stop();
    running.delete(jobId);
    awaitingWork.delete(jobId);
  }
  // A crash may have left anything behind it; a document may have broken MuPDF whatever the job answered.
  const isEngineBroken = !(await isMupdfHealthy());
  const retiring = reply.type === 'crashed' || isEngineBroken || (await mupdfHeapBytes()) > maxHeapBytes;
  send({ ...reply, retiring, isEngineBroken });
}

/** Tells the pool the work the job found, and settles when the pool lets it go on (or rejects when it is stopped). */
function waitForWork(jobId: number, estimateMs: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(stopError(signal));
      return;
    }
    const onAbort = () => {
      awaitingWork.delete(jobId);
      reject(stopError(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    awaitingWork.set(jobId, () => {
      awaitingWork.delete(jobId);
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
    send({ type: 'work', jobId, estimateMs: Math.max(0, Math.round(estimateMs)) });
  });
}

function runWork(work: JobWork, ctx: JobContext): Promise<JobResult> {
  if (work.kind === 'test') {
    if (!allowTestOps) throw new AppError('INVALID_REQUEST', 'Test operations are not enabled.');
    return TEST_OPS[work.name](work.input, ctx);
  }
  const op = ENGINE_OPS[work.toolId] as EngineOp<ToolId>;
  return op(opInput(work.toolId, work.input), ctx);
}

/**
 * The error to answer with, or null for our own bug. A write past the size cap of one file (EFBIG from the
 * kernel: `RLIMIT_FSIZE`) is the output budget, whatever op wrote it.
 */
function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if ((error as NodeJS.ErrnoException | null)?.code === 'EFBIG') {
    return new AppError('OUTPUT_TOO_LARGE', 'The result is larger than one job may produce.');
  }
  return null;
}
