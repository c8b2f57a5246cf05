import { defineConfig } from 'vitest/config';

const exclude = ['**/node_modules/**', '**/dist/**', '**/build/**'];
/**
 * Tests whose subject is the job deadline itself, with a deadline of seconds that the job after the stopped one must
 * also meet: run alone, after the unit tests, so another test file's engines at full priority do not take the CPU
 * their server's workers (at a lower priority) need.
 */
const ALONE = ['packages/server/test/hardening/c-pdf-deadline.test.ts'];
/**
 * Tests of text stamped in Japanese (and compare's report, written with the same stamps), each file in a MuPDF of its
 * own. After PDF to Word's fidelity tests in the same worker, the next Japanese stamp drew no text: MuPDF had set up the
 * Noto face it shared with every layout for a document that names a Japanese font it does not embed. Mended in
 * `installFallbackFonts` (a font of its own for each request) with `stamp-after-reading.test.ts`; kept apart until a
 * full run has shown them sharing a worker again.
 */
const OWN_MUPDF = [
  'packages/engine/src/ops/watermark.test.ts',
  'packages/engine/src/ops/page-numbers.test.ts',
  'packages/engine/src/ops/compare.test.ts',
];
/** Test servers' job workers start from a bundle of the sources built at the start of the run. */
const WORKER_BUNDLE = 'scripts/worker-bundle.global-setup.mjs';

/** One run, one summary: unit and server tests, then the browser tests against the built site. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/{shared,engine,server,web,test-kit}/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: [...exclude, ...ALONE, ...OWN_MUPDF],
          globalSetup: [WORKER_BUNDLE],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two files at once, even on two cores: most of a file's time is spent waiting on the engines it starts
          // (qpdf, Ghostscript, LibreOffice, Tesseract) or on its own server's queues, and one file at a time kept
          // the machine about half idle. Tests assert behaviour, never timing, so a busier machine changes nothing
          // they check.
          maxWorkers: 2,
          // Files share their worker's modules (each worker imports the engines' bindings, Fastify and the test kit
          // once, not once per file): 24 server test files spent 78 s importing isolated, 16 s not. The tests keep no
          // state in modules between files (the two that stub globals or mock modules restore them).
          isolate: false,
          // expect.poll waits for what a job or a server will do: its default of 1 s was a timing assertion in
          // disguise, which a busy machine broke (a job not done within the second). A poll still ends at once
          // when what it waits for happens.
          expect: { poll: { timeout: 30_000 } },
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'own-mupdf',
          include: OWN_MUPDF,
          exclude,
          // A process of its own for each file.
          pool: 'forks',
          isolate: true,
          // Two, as the unit tests have: with one worker, isolated and in group 0, vitest (4.1) runs these files in a
          // group of their own after every other group, alone on the machine after the browser tests (46 s of the
          // run's end, session 44). With the unit tests' two they run beside them, each still in a process of its
          // own.
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 30_000 } },
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'alone',
          include: ALONE,
          exclude,
          globalSetup: [WORKER_BUNDLE],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          expect: { poll: { timeout: 30_000 } },
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['packages/e2e/src/**/*.e2e.ts'],
          exclude,
          globalSetup: ['packages/e2e/src/global-setup.ts'],
          setupFiles: ['packages/e2e/src/job-folders.setup.ts'],
          // One file at a time: Chromium's processes and the server's jobs keep both cores busy already. Two files at
          // once (each against a server of its own) took each file twice as long, and saved nothing (session 31).
          fileParallelism: false,
          // The files share one process and its modules (Playwright, the test kit), as the unit tests do: a process
          // and its imports for each of 60 files cost 1–1.5 s of the run each, the browser and the server waiting.
          // Each file still runs job-folders.setup.ts anew (vitest re-runs setup files per file) and keeps its browser
          // contexts and servers in its own hooks; none stubs globals or sets the environment.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 30_000 } },
          // After the unit tests, not beside them (projects run in parallel unless ordered): unit tests at niceness 0
          // on both cores starve the server under test, whose long jobs run at niceness 19, and slow the browser's
          // hydration (issue 31, item 6).
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
