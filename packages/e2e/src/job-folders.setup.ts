import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { jobFolders, markTestStart } from './job-folders.ts';

// Set up before every browser test file (vitest.config.ts): after its last test and its browser, the file has left
// no folder on the server, whichever test forgot it.
const SETTLE_MS = 15_000;
/** How long the server's first round of status probes may take (one job per tool, at start). */
const PROBES_MS = 180_000;

/**
 * Waits for the server's first round of status probes to end (every service checked once): each probe is a job with
 * a folder of its own, which a file run first, or alone, would otherwise count as its own.
 */
async function statusProbesDone(): Promise<void> {
  const url = new URL('/api/status', inject('baseUrl')).href;
  for (;;) {
    const report = (await (await fetch(url)).json()) as { services: { lastChecked: string | null }[] };
    if (report.services.every((service) => service.lastChecked !== null)) return;
    await sleep(500);
  }
}
let fileStart = new Set<string>();

beforeAll(async () => {
  await statusProbesDone();
  fileStart = new Set(await jobFolders());
}, PROBES_MS);

beforeEach(markTestStart);

// After hooks run last-registered first, so this one runs once the file's own (its browser closing) have run.
afterAll(async () => {
  const made = async () => (await jobFolders()).filter((name) => !fileStart.has(name));
  const deadline = Date.now() + SETTLE_MS;
  let left = await made();
  while (left.length > 0 && Date.now() < deadline) {
    await sleep(250);
    left = await made();
  }
  if (left.length > 0) {
    throw new Error(
      `${left.length} job folder(s) this file's tests made are still on the server ${SETTLE_MS / 1000} s after its browser closed`,
    );
  }
});
