import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import type { LaneStats } from '@quire/engine';
import type { JobLane } from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { buildApp, createFastify } from '@quire/server/src/app.ts';
import { loadConfig } from '@quire/server/src/config.ts';
import { createRunner, type LaneOverrides } from '@quire/server/src/create-runner.ts';
import { DirectoryJobStore } from '@quire/server/src/jobs/job-store.ts';
import type { LogStream } from '@quire/server/src/logging/logger-options.ts';

export type TestApp = {
  app: FastifyInstance;
  jobRoot: string;
  webRoot: string;
  /** Job directories still present under the job root. */
  leftovers: () => Promise<string[]>;
  close: () => Promise<void>;
};

/** The real app with a real worker pool, its own job root and a small fake site build. */
export async function createTestApp(
  lane: LaneOverrides = { size: 2, maxQueue: 4 },
  env: Readonly<Record<string, string>> = {},
  { logStream }: { logStream?: LogStream } = {},
): Promise<TestApp> {
  const base = await mkdtemp(join(tmpdir(), 'quire-server-test-'));
  const jobRoot = join(base, 'jobs');
  const webRoot = join(base, 'web');
  await writeSite(webRoot, {
    'index.html': 'home en',
    'es/index.html': 'home es',
    'merge-pdf/index.html': 'merge en',
    'es/merge-pdf/index.html': 'merge es',
    '404.html': 'not found en',
    'es/404.html': 'not found es',
    'blog/index.html': 'blog en',
    'blog/404.html': 'post not found en',
    'es/blog/404.html': 'post not found es',
    // English under an unknown language (`/xx/…`), one per route the browser's router matches there.
    '__404/merge-pdf/404.html': 'not found en, merge route',
    '__404/blog/404.html': 'not found en, blog route',
    '__404/blog/__404/404.html': 'not found en, blog post route',
    '__404/__404/404.html': 'not found en, splat route',
    '__spa-fallback.html': 'spa fallback',
    'assets/app-123.js': 'console.log(1)',
    'sitemap.xml': '<?xml version="1.0" encoding="UTF-8"?><urlset/>',
    'robots.txt': 'User-agent: *',
    'og/en/index.jpg': 'jpeg bytes',
    'assets/app-123.js.br': 'brotli copy',
    'assets/app-123.js.gz': 'gzip copy',
    'source.tar.gz': 'source archive',
  });
  const config = loadConfig({
    QUIRE_JOB_ROOT: jobRoot,
    QUIRE_WEB_ROOT: webRoot,
    QUIRE_DATA_DIR: join(base, 'data'),
    QUIRE_STATUS_PROBE_SECONDS: '0',
    // Tests send many requests from one address; the limit itself is tested with its own setting.
    QUIRE_RATE_LIMIT_PER_MINUTE: '0',
    // Likewise the fair share: tests of it set their own.
    QUIRE_CLIENT_MAX_RUNNING: '64',
    QUIRE_CLIENT_MAX_QUEUED: '10000',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = createFastify(config, logStream);
  // Each lane's workers start with its first job (a test of what a started server does asks for them at once:
  // `startWorkers: 'at-once'`), and the office and OCR lanes have one worker unless a test asks for more
  // (QUIRE_OCR_WORKERS): a worker costs a second of CPU to start, the suite starts a hundred apps, and most send jobs
  // to one lane or none.
  const onFirstJob = { startWorkers: 'on-first-job' } as const;
  const ocr = env.QUIRE_OCR_WORKERS === undefined ? { size: 1 } : {};
  const runner = createRunner(config, () => undefined, {
    pdf: { ...onFirstJob, ...lane },
    office: { ...onFirstJob, size: 1, maxQueue: 2 },
    ocr: { ...onFirstJob, ...ocr },
  });
  const store = new DirectoryJobStore(jobRoot);
  await buildApp(app, config, { runner, store, ...(config.testOps ? { testOps: runner } : {}) });
  await runner.whenReady();
  return {
    app,
    jobRoot,
    webRoot,
    leftovers: async () => readdir(jobRoot).catch(() => []),
    close: async () => {
      await app.close();
      await runner.close();
      await rm(base, { recursive: true, force: true });
    },
  };
}

async function writeSite(root: string, files: Record<string, string>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, name)), { recursive: true });
    await writeFile(join(root, name), content);
  }
}

/** A multipart body built by the platform's own FormData encoder. */
export async function multipartOf(
  form: FormData,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

/** One part of a form: a `[field, value]` text field, or a `[field, bytes, fileName]` file. */
export type FormPart = readonly [field: string, value: string | Uint8Array, fileName?: string];

/** A multipart body of `parts` in the order given (a file without a name is called `file`). */
export async function multipartOfParts(
  parts: readonly FormPart[],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [field, value, fileName] of parts) {
    if (typeof value === 'string') form.append(field, value);
    else form.append(field, new File([value as Uint8Array<ArrayBuffer>], fileName ?? 'file'));
  }
  return multipartOf(form);
}

/**
 * A streamed multipart body with one file field of `size` bytes whose first bytes are `head`, generated on the fly
 * so that a test can send hundreds of megabytes without holding them.
 */
export function streamedUpload(fields: { name: string; head: string | Buffer; size: number }[]): {
  payload: Readable;
  headers: Record<string, string>;
} {
  const boundary = 'quire-test-boundary';
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  async function* generate() {
    for (const field of fields) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field.name}"; filename="${field.name}.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      );
      const head = typeof field.head === 'string' ? Buffer.from(field.head, 'latin1') : field.head;
      yield head;
      let remaining = field.size - head.length;
      while (remaining > 0) {
        const next = chunk.subarray(0, Math.min(remaining, chunk.length));
        remaining -= next.length;
        yield next;
      }
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return {
    payload: Readable.from(generate()),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The job runner's lanes as `/readyz` reports them: workers, running and queued jobs, replacements. */
export async function laneStats(testApp: TestApp): Promise<Record<JobLane, LaneStats>> {
  const reply = await testApp.app.inject({ method: 'GET', url: '/readyz' });
  return reply.json<{ lanes: Record<JobLane, LaneStats> }>().lanes;
}

/** Waits until the job root is empty (cleanup runs when the response closes), or gives up after a few seconds. */
export async function waitForNoLeftovers(testApp: TestApp, timeoutMs = 5000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let leftovers = await testApp.leftovers();
  while (leftovers.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    leftovers = await testApp.leftovers();
  }
  return leftovers;
}
