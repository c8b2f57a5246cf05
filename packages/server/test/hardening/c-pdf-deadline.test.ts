import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createContentFlateBomb,
  createHugeDeclaredImage,
  createImageFlateBomb,
} from '@quire/test-kit/hostile-pdfs';
import { createTestApp, type TestApp } from '@quire/test-kit/test-app';
import { expectRefusal, expectStillServing, postTool } from './harness.ts';

/**
 * Hardening catalogue, group C, the inputs that are small but cost a tool tens of seconds of CPU (items 24, 26
 * and 28): the job's wall clock stops them. With a 2-second job deadline (the operator's setting) each is answered
 * 422 JOB_TIMEOUT without Retry-After (the same document would run out of time again), its child processes are
 * gone, and the next job runs.
 */

let testApp: TestApp;
beforeAll(async () => {
  // Only the wall clock is tested here: the CPU-time limit, which would otherwise equal it, is set out of reach.
  testApp = await createTestApp(undefined, { QUIRE_JOB_TIMEOUT_SECONDS: '2', QUIRE_JOB_CPU_SECONDS: '3600' });
});
afterAll(async () => {
  await testApp.close();
});

/** Processes still working in this app's job directories (their command lines name the files). */
function processesInJobRoot(): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (command.includes(testApp.jobRoot)) found.push(command);
    } catch {
      // Gone while looking.
    }
  }
  return found;
}

const SLOW: Array<[string, 'compress' | 'pdf-to-word' | 'pdf-to-jpg' | 'merge', () => Buffer]> = [
  ['24. a content stream inflating to 1 GiB, rendered', 'pdf-to-jpg', createContentFlateBomb],
  ['24. a content stream inflating to 1 GiB, read for its layout', 'pdf-to-word', createContentFlateBomb],
  ['24. a content stream inflating to 1 GiB, compressed', 'compress', createContentFlateBomb],
  [
    '24. a 32768² image behind three Flate filters, re-encoded by page assembly',
    'merge',
    createImageFlateBomb,
  ],
  ['28. a DCT image declaring 65535² pixels, rendered', 'pdf-to-jpg', createHugeDeclaredImage],
];

describe('C. inputs that would keep a tool busy past the job deadline', () => {
  it.each(SLOW)(
    '%s (%s): 422 JOB_TIMEOUT, its processes killed, the next job served',
    async (_, toolId, build) => {
      const reply = await postTool(testApp, toolId, [{ name: 'slow.pdf', bytes: build() }]);
      expectRefusal(reply, 422, 'JOB_TIMEOUT', /took longer than 2 s/);
      // Deterministic: the same document would run out of time again, so nothing invites a retry.
      expect(reply.headers['retry-after']).toBeUndefined();
      // The whole process group of the stopped job is gone (qpdf, pdfinfo, pdftoppm run in their own).
      const deadline = Date.now() + 5_000;
      while (processesInJobRoot().length > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(processesInJobRoot()).toEqual([]);
      await expectStillServing(testApp, [toolId]);
    },
    60_000,
  );
});
