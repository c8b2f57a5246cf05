import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { AppError, type ToolId } from '@quire/shared';
import { stopWarmOffice } from '../libreoffice/warm-office.ts';
import { loadMupdf, mupdfHeapBytes } from '../mupdf/load-mupdf.ts';
import { ENGINE_OPS } from '../ops/index.ts';
import type { EngineOp, JobInput } from '../ops/types.ts';
import type { FromWorker, JobOutcome, ToWorker, WorkerData } from './messages.ts';

/** The worker entry: receive a job, run the tool's engine op (the same function tests call), post the outcome. */
const port = parentPort;
if (!port) throw new Error('job.worker must run in a worker thread');

const running = new Map<number, AbortController>();

/**
 * Document work yields to the event loop: this thread, and every program it starts (qpdf, poppler, LibreOffice
 * inherit it), runs at a lower CPU priority than the server's main thread, so that accepting connections, reading
 * uploads and answering `/healthz` stay prompt while the cores are busy with jobs (`npm run bench load`). On Linux
 * the priority set with id 0 is the calling thread's only.
 */
const JOB_NICENESS = 10;
setPriority(0, JOB_NICENESS);

/** Past this much MuPDF memory after a job, the worker asks to be replaced (`PoolOptions.maxHeapBytes`). */
const { maxHeapBytes } = workerData as WorkerData;

// Instantiate MuPDF's WebAssembly now rather than during a visitor's first job.
void loadMupdf();

port.on('message', (message: ToWorker) => {
  if (message.type === 'abort') {
    running.get(message.jobId)?.abort(new AppError('JOB_TIMEOUT', 'The job was stopped.'));
    return;
  }
  if (message.type === 'shutdown') {
    void stopWarmOffice().then(() => port.postMessage({ type: 'shut-down' } satisfies FromWorker));
    return;
  }
  void runJob(message);
});

async function runJob({ jobId, toolId, input, workDir, timeoutMs }: Extract<ToWorker, { type: 'run' }>) {
  const controller = new AbortController();
  running.set(jobId, controller);
  let reply: JobOutcome;
  try {
    const op = ENGINE_OPS[toolId] as EngineOp<ToolId>;
    const result = await op(input as JobInput<ToolId>, { signal: controller.signal, workDir, timeoutMs });
    reply = { type: 'done', jobId, result };
  } catch (error) {
    reply =
      error instanceof AppError
        ? { type: 'failed', jobId, error: error.toJson().error }
        : {
            type: 'crashed',
            jobId,
            stack: error instanceof Error ? (error.stack ?? error.message) : String(error),
          };
  } finally {
    running.delete(jobId);
  }
  const retiring = (await mupdfHeapBytes()) > maxHeapBytes;
  port?.postMessage({ ...reply, retiring } satisfies FromWorker);
}
