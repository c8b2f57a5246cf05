import type { ServerResponse } from 'node:http';
import type { ReadStream } from 'node:fs';

/** How often a streamed answer's progress is checked. */
const CHECK_INTERVAL_MS = 1_000;

/**
 * Cuts an answer that makes no progress for `idleMs`: a client that reads the status line and stops reading (or
 * reads a byte a minute) would otherwise pin the result file, and the job's disk, until it disconnects. Progress
 * is the file read further, which backpressure stops when the client stops reading. Destroying the response closes
 * the connection, and the response's `close` removes the job directory.
 */
export function watchSendProgress(
  response: ServerResponse,
  stream: ReadStream,
  idleMs: number,
  onStalled: () => void,
): void {
  let lastBytes = -1;
  let lastProgressAt = Date.now();
  const timer = setInterval(
    () => {
      if (stream.bytesRead !== lastBytes) {
        lastBytes = stream.bytesRead;
        lastProgressAt = Date.now();
        return;
      }
      if (Date.now() - lastProgressAt < idleMs) return;
      clearInterval(timer);
      onStalled();
      response.destroy();
    },
    Math.min(CHECK_INTERVAL_MS, idleMs),
  );
  timer.unref();
  response.once('close', () => clearInterval(timer));
}
