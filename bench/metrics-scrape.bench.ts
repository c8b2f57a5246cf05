// `npm run bench metrics-scrape [-- --seconds 15 --scrapers 8 --root <tree>]`: what scraping /metrics costs the site.
// Starts the server from source (`packages/server/src/main.ts` through tsx: no build needed) of this tree, or of
// `--root` (another commit's tree, e.g. one made with `git archive`), asks /healthz every 100 ms from a process of
// its own (bench/healthz-sampler.ts) for `--seconds` while idle, then as long again while `--scrapers` clients
// each scrape /metrics back to back, and prints /healthz's median and p95 in both phases (issue 29, item 3: 8
// clients scraping raised the median from 11 ms to 194 ms when every scrape read /proc on the event loop). The
// metrics are scraped where the server says they are: its own metrics address, or the site's port before it had one.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatTable, median } from './measure.ts';

const ROOT = resolve(import.meta.dirname, '..');
const START_TIMEOUT_MS = 120_000;
const SAMPLE_INTERVAL_MS = 100;

const { values: args } = parseArgs({
  args: process.argv.slice(3),
  options: {
    seconds: { type: 'string', default: '15' },
    scrapers: { type: 'string', default: '8' },
    root: { type: 'string', default: ROOT },
  },
});
const seconds = Number(args.seconds);
const scraperCount = Number(args.scrapers);
const root = resolve(args.root);

type Server = { child: ChildProcess; siteUrl: string; metricsUrl: string };

/** The server of `root` from source, with a tiny site of its own and no status probes (they would run jobs). */
async function startServer(dir: string): Promise<Server> {
  const webRoot = join(dir, 'web');
  await mkdir(webRoot, { recursive: true });
  await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>bench</title>');
  await writeFile(join(webRoot, '404.html'), '<!doctype html><title>not found</title>');
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      QUIRE_METRICS_ADDRESS: '127.0.0.1:0',
      QUIRE_WEB_ROOT: webRoot,
      QUIRE_JOB_ROOT: join(dir, 'jobs'),
      QUIRE_DATA_DIR: join(dir, 'data'),
      QUIRE_STATUS_PROBE_SECONDS: '0',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    if (output.length > 100_000) output = output.slice(-10_000);
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const siteUrl = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    if (siteUrl) {
      const metricsUrl = /Metrics listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? siteUrl;
      return { child, siteUrl, metricsUrl };
    }
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the server did not start: ${output}`);
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 100));
  }
}

/** /healthz latencies, in milliseconds, measured for `ms` by the sampler process. */
async function sampleHealthz(siteUrl: string, ms: number): Promise<number[]> {
  const sampler = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'bench/healthz-sampler.ts'),
      `${siteUrl}/healthz`,
      String(SAMPLE_INTERVAL_MS),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let lines = '';
  sampler.stdout.setEncoding('utf8').on('data', (chunk: string) => (lines += chunk));
  const exited = new Promise((resolvePromise) => sampler.once('exit', resolvePromise));
  await new Promise((resolvePromise) => setTimeout(resolvePromise, ms));
  sampler.stdin.end();
  await exited;
  return lines
    .split('\n')
    .map((line) => line.split(' '))
    .filter(([, , status]) => status === '200')
    .map(([, latency]) => Number(latency));
}

/** `count` clients, each scraping /metrics back to back on its own keep-alive connection until `stop` is set. */
function scrape(metricsUrl: string, count: number): { stop: () => Promise<number> } {
  let isStopped = false;
  let scrapes = 0;
  const clients = Array.from({ length: count }, async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    while (!isStopped) {
      await new Promise<void>((resolvePromise) => {
        get(`${metricsUrl}/metrics`, { agent }, (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode === 200) scrapes += 1;
            resolvePromise();
          });
        }).on('error', () => resolvePromise());
      });
    }
    agent.destroy();
  });
  return {
    stop: async () => {
      isStopped = true;
      await Promise.all(clients);
      return scrapes;
    },
  };
}

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))] ?? NaN;
const ms = (value: number) => value.toFixed(1);

const dir = await mkdtemp(join(tmpdir(), 'quire-bench-metrics-'));
const server = await startServer(dir);
try {
  // The workers warm up before the server listens; a moment more for the first jobs' engines to settle.
  await new Promise((resolvePromise) => setTimeout(resolvePromise, 2_000));
  const processes = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).length;
  const idle = await sampleHealthz(server.siteUrl, seconds * 1000);
  const scrapers = scrape(server.metricsUrl, scraperCount);
  const scraped = await sampleHealthz(server.siteUrl, seconds * 1000);
  const scrapes = await scrapers.stop();
  const isOwnAddress = server.metricsUrl !== server.siteUrl;
  console.log(
    `Server of ${root}; /metrics scraped at ${isOwnAddress ? 'its own address' : "the site's port"}; ` +
      `${processes} processes on the machine; /healthz every ${SAMPLE_INTERVAL_MS} ms for ${seconds} s per phase\n`,
  );
  console.log(
    formatTable([
      ['Phase', '/healthz median ms', 'p95 ms', 'max ms', 'answers', 'scrapes/s'],
      ['idle', ms(median(idle)), ms(percentile(idle, 0.95)), ms(Math.max(...idle)), String(idle.length), '0'],
      [
        `${scraperCount} clients scraping`,
        ms(median(scraped)),
        ms(percentile(scraped, 0.95)),
        ms(Math.max(...scraped)),
        String(scraped.length),
        (scrapes / seconds).toFixed(0),
      ],
    ]),
  );
} finally {
  const exited = new Promise((resolvePromise) => server.child.once('exit', resolvePromise));
  server.child.kill('SIGTERM');
  await exited;
  await rm(dir, { recursive: true, force: true });
}
