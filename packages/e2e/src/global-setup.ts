import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { SHARED_BROWSER_VARIABLE, startSharedBrowser } from '@quire/test-kit/browser';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    jobRoot: string;
  }
}

const ROOT = resolve(import.meta.dirname, '../../..');
let server: ChildProcess | undefined;
let browser: Awaited<ReturnType<typeof startSharedBrowser>> | undefined;
let jobRoot: string | undefined;

/** Starts the built server (as `npm start` does) on a free port, with a job root of its own. */
export async function setup(project: TestProject): Promise<void> {
  jobRoot = await mkdtemp(join(tmpdir(), 'quire-e2e-jobs-'));
  // The built server's own workers, not the unit tests' bundle (scripts/worker-bundle.global-setup.mjs).
  const { QUIRE_WORKER_SCRIPT: _unitTestWorkers, ...inherited } = process.env;
  server = spawn(process.execPath, [join(ROOT, 'packages/server/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...inherited,
      HOST: '127.0.0.1',
      PORT: '0',
      QUIRE_JOB_ROOT: jobRoot,
      QUIRE_DATA_DIR: join(jobRoot, '..', `${basename(jobRoot)}-data`),
      // One round of status probes shortly after start, so the status page has real data to show.
      QUIRE_STATUS_PROBE_SECONDS: '3600',
      // The browser tests send more tool requests from one address than a visitor would.
      QUIRE_RATE_LIMIT_PER_MINUTE: '1000',
      LOG_LEVEL: 'info',
      // The browser tests read no metrics, and other servers may hold the default metrics port.
      QUIRE_METRICS_ADDRESS: 'off',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 30 s')), 30_000);
    let buffered = '';
    server?.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(buffered);
      if (match?.[1]) {
        clearTimeout(timer);
        resolvePromise(match[1]);
      }
      if (buffered.length > 100_000) buffered = buffered.slice(-10_000);
    });
    server?.once('exit', (code) => reject(new Error(`the server exited with code ${code}`)));
  });
  project.provide('baseUrl', baseUrl);
  // One Chromium for every test file (each connects to it, and opens contexts of its own), set before the test
  // files' processes start, which inherit it.
  browser = await startSharedBrowser();
  process.env[SHARED_BROWSER_VARIABLE] = browser.wsEndpoint;
  project.provide('jobRoot', jobRoot);
}

export async function teardown(): Promise<void> {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolvePromise) => server?.once('exit', resolvePromise));
    server.kill('SIGTERM');
    await exited;
  }
  if (jobRoot) {
    await rm(jobRoot, { recursive: true, force: true });
    await rm(`${jobRoot}-data`, { recursive: true, force: true });
  }
}
