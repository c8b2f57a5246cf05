import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JOB_LANES, type JobLane } from '@quire/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import type { Runner } from '../runner.ts';
import { serveMetrics } from './serve-metrics.ts';
import { createServiceMetrics } from './service-metrics.ts';

/** A logger that writes nothing (a Fastify without a logger has one). */
const log = Fastify({ logger: false }).log;
const servers: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const byLane = (value: number) =>
  Object.fromEntries(JOB_LANES.map((lane) => [lane, value])) as Record<JobLane, number>;

/** A runner of idle lanes of two workers each: only what the metrics read of it. */
const idleRunner = {
  stats: Object.fromEntries(
    JOB_LANES.map((lane) => [
      lane,
      { size: 2, running: 0, queued: 0, replaced: 0, overBudget: 0, maxQueue: 8 },
    ]),
  ),
  workerMemoryBytes: byLane(0),
} as unknown as Runner;

async function listen(
  metrics = createServiceMetrics(idleRunner, { readWorkerMemory: async () => byLane(1) }),
) {
  const server = await serveMetrics(metrics, { host: '127.0.0.1', port: 0 }, log);
  if (!server) throw new Error('no metrics server');
  servers.push(server);
  return { server, port: (server.server.address() as AddressInfo).port };
}

function get(port: number, path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), body }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('serveMetrics', () => {
  it('serves the Prometheus text on its own address, and nothing else', async () => {
    const { port } = await listen();
    const metrics = await get(port, '/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(metrics.body).toMatch(/^quire_workers\{lane="pdf"\} 2$/m);
    expect(metrics.body).toMatch(/^quire_worker_memory_bytes\{lane="pdf"\} 1$/m);
    expect(metrics.body).toMatch(/^quire_server_process_resident_memory_bytes \d+$/m);
    expect((await get(port, '/')).status).toBe(404);
    expect((await get(port, '/healthz')).status).toBe(404);
  });

  it('is off when told, and says what to do when its address is taken', async () => {
    expect(await serveMetrics(createServiceMetrics(idleRunner), null, log)).toBeNull();
    const { port } = await listen();
    const taken = serveMetrics(createServiceMetrics(idleRunner), { host: '127.0.0.1', port }, log);
    await expect(taken).rejects.toThrow(ConfigError);
    await expect(taken).rejects.toThrow(
      new RegExp(`QUIRE_METRICS_ADDRESS 127\\.0\\.0\\.1:${port} is taken by another process.*off`),
    );
  });

  it('samples /proc at most once a second, however many scrape', async () => {
    let clock = 0;
    let samples = 0;
    const metrics = createServiceMetrics(idleRunner, {
      readWorkerMemory: async () => {
        samples += 1;
        return byLane(samples * 1000);
      },
      now: () => clock,
    });
    const { port } = await listen(metrics);
    // Eight clients, five scrapes each, at once and one after another.
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let scrape = 0; scrape < 5; scrape += 1) expect((await get(port, '/metrics')).status).toBe(200);
      }),
    );
    expect(samples).toBe(1);
    clock = 999;
    expect((await get(port, '/metrics')).body).toMatch(/^quire_worker_memory_bytes\{lane="pdf"\} 1000$/m);
    expect(samples).toBe(1);
    clock = 1_000;
    expect((await get(port, '/metrics')).body).toMatch(/^quire_worker_memory_bytes\{lane="pdf"\} 2000$/m);
    expect(samples).toBe(2);
  });
});

describe('QUIRE_METRICS_ADDRESS', () => {
  const addressOf = (value?: string) =>
    loadConfig(value === undefined ? {} : { QUIRE_METRICS_ADDRESS: value }).metricsAddress;

  it('is loopback port 9464 unless told; off turns it off', () => {
    expect(addressOf()).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(addressOf('off')).toBeNull();
    expect(addressOf('0.0.0.0:9464')).toEqual({ host: '0.0.0.0', port: 9464 });
    expect(addressOf('[::1]:9465')).toEqual({ host: '::1', port: 9465 });
    expect(addressOf('metrics.internal:9100')).toEqual({ host: 'metrics.internal', port: 9100 });
  });

  it.each([
    '9464',
    '127.0.0.1',
    '127.0.0.1:99999',
    '::1:9464',
    '[nope]:9464',
    '1.2.3:9464',
    'http://a:1',
    'no',
  ])('refuses %s with a clear message', (value) => {
    expect(() => addressOf(value)).toThrow(ConfigError);
    expect(() => addressOf(value)).toThrow(/QUIRE_METRICS_ADDRESS must be host:port .* or off/);
  });
});
