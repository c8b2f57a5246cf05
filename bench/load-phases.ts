// The traffic of each load-bench phase (bench/load.bench.ts). Each returns one outcome per request; the bench
// summarises them. Closed loops use autocannon; fixed rates, floods, slow uploads and the soak are open loops of
// one-shot requests, so a slow server cannot slow the arrivals down (no coordinated omission).
import { request } from 'node:http';
import autocannon from 'autocannon';
import {
  VISITOR_HEADER,
  headerValue,
  nextVisitor,
  post,
  readErrorCode,
  type Body,
  type Outcome,
} from './load-http.ts';

const REQUEST_TIMEOUT_MS = 120_000;

/**
 * `connections` clients, each a visitor of its own (one autocannon connection each, with its own address), each
 * sending its next request as soon as the last answer arrived, for `seconds`. `visitor` makes them all one client.
 */
export async function closedLoop(
  url: string,
  body: Body,
  connections: number,
  seconds: number,
  visitor?: string,
) {
  const outcomes: Outcome[] = [];
  const runs = Array.from({ length: connections }, () => {
    // The tracker autocannon returns is both an event emitter and a promise of the result.
    const instance = autocannon({
      url,
      method: 'POST',
      connections: 1,
      duration: seconds,
      timeout: REQUEST_TIMEOUT_MS / 1000,
      headers: { 'content-type': body.contentType, [VISITOR_HEADER]: visitor ?? nextVisitor() },
      body: body.body,
    }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
    instance.on('response', (_client: unknown, status: number, bytes: number, ms: number) => {
      outcomes.push({ status, ms, code: null, retryAfter: null, bytes });
    });
    instance.on('reqError', (error: NodeJS.ErrnoException) => {
      outcomes.push({ status: 0, ms: 0, code: error.code ?? 'CLIENT_ERROR', retryAfter: null, bytes: 0 });
    });
    return instance;
  });
  const results = await Promise.all(runs);
  return { outcomes, seconds: Math.max(...results.map((result) => result.duration)) };
}

/** One request every 1/`perSecond` s for `seconds`, whatever the answers; resolves once every answer is in. */
export async function fixedRate(url: string, body: Body, perSecond: number, seconds: number) {
  const count = Math.max(1, Math.floor(seconds * perSecond));
  const started = performance.now();
  const pending: Promise<Outcome>[] = [];
  for (let index = 0; index < count; index += 1) {
    await sleepUntil(started + (index * 1000) / perSecond);
    pending.push(post(url, body, REQUEST_TIMEOUT_MS));
  }
  return Promise.all(pending);
}

/**
 * `count` requests sent at the same moment. Meanwhile `/readyz` is read every 50 ms for the lane's running and
 * queued jobs, the most the server ever held at once.
 */
export async function flood(baseUrl: string, path: string, body: Body, count: number, lane: string) {
  let maxHeld = 0;
  let isDone = false;
  const watch = (async () => {
    while (!isDone) {
      const held = await readHeld(baseUrl, lane);
      maxHeld = Math.max(maxHeld, held);
      await sleep(50);
    }
  })();
  const outcomes = await Promise.all(
    Array.from({ length: count }, () => post(`${baseUrl}${path}`, body, REQUEST_TIMEOUT_MS)),
  );
  isDone = true;
  await watch;
  return { outcomes, maxHeld };
}

async function readHeld(baseUrl: string, lane: string): Promise<number> {
  try {
    const response = await fetch(`${baseUrl}/readyz`);
    const report = (await response.json()) as { lanes?: Record<string, { running: number; queued: number }> };
    const stats = report.lanes?.[lane];
    return stats ? stats.running + stats.queued : 0;
  } catch {
    return 0;
  }
}

export type SlowUploadOptions = {
  count: number;
  chunkBytes: number;
  intervalMs: number;
  /** Uploads start spread over this many ms, so that they do not all end in the same instant. */
  startSpreadMs: number;
};

/**
 * `count` uploads held open at once, each writing `chunkBytes` every `intervalMs` (a slow client), with the whole
 * answer read. Reports each outcome (ms = wall time of the upload and answer) and the most uploads open at once.
 */
export async function slowUploads(url: string, body: Body, options: SlowUploadOptions) {
  let open = 0;
  let maxOpen = 0;
  const one = (delayMs: number) =>
    new Promise<Outcome>((resolve) => {
      setTimeout(() => {
        open += 1;
        maxOpen = Math.max(maxOpen, open);
        const started = performance.now();
        let offset = 0;
        const finish = (outcome: Omit<Outcome, 'ms'>) => {
          clearInterval(timer);
          open -= 1;
          resolve({ ...outcome, ms: performance.now() - started });
        };
        const req = request(
          url,
          {
            method: 'POST',
            agent: false,
            headers: {
              'content-type': body.contentType,
              'content-length': String(body.body.length),
              [VISITOR_HEADER]: nextVisitor(),
            },
          },
          (res) => {
            clearInterval(timer);
            const chunks: Buffer[] = [];
            let bytes = 0;
            res.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
              if ((res.statusCode ?? 0) >= 300 && bytes < 65_536) chunks.push(chunk);
            });
            res.on('end', () =>
              finish({
                status: res.statusCode ?? 0,
                code: (res.statusCode ?? 0) >= 300 ? readErrorCode(Buffer.concat(chunks)) : null,
                retryAfter: headerValue(res.headers['retry-after']),
                bytes,
              }),
            );
          },
        );
        req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy());
        req.on('error', (error: NodeJS.ErrnoException) =>
          finish({ status: 0, code: error.code ?? 'REQUEST_ERROR', retryAfter: null, bytes: 0 }),
        );
        const timer = setInterval(() => {
          const next = body.body.subarray(offset, offset + options.chunkBytes);
          offset += next.length;
          if (offset >= body.body.length) {
            clearInterval(timer);
            req.end(next);
          } else {
            req.write(next);
          }
        }, options.intervalMs);
      }, delayMs);
    });
  const outcomes = await Promise.all(
    Array.from({ length: options.count }, (_, index) => one((index * options.startSpreadMs) / options.count)),
  );
  return { outcomes, maxOpen };
}

export type SoakKind = { name: string; weight: number; url: string; body: Body };

/**
 * An open loop of `perSecond` requests per second for `seconds`, each of a kind drawn by weight. At most
 * `maxInFlight` requests are outstanding; an arrival beyond that is counted as skipped, not sent.
 */
export async function soak(
  kinds: readonly SoakKind[],
  perSecond: number,
  seconds: number,
  maxInFlight: number,
) {
  const total = kinds.reduce((sum, kind) => sum + kind.weight, 0);
  const count = Math.floor(seconds * perSecond);
  const started = performance.now();
  const results: { kind: string; outcome: Outcome }[] = [];
  const pending = new Set<Promise<void>>();
  let skipped = 0;
  for (let index = 0; index < count; index += 1) {
    await sleepUntil(started + (index * 1000) / perSecond);
    if (pending.size >= maxInFlight) {
      skipped += 1;
      continue;
    }
    let pick = Math.random() * total;
    const kind = kinds.find((candidate) => (pick -= candidate.weight) < 0) ?? (kinds[0] as SoakKind);
    const sent = post(kind.url, kind.body, REQUEST_TIMEOUT_MS).then((outcome) => {
      results.push({ kind: kind.name, outcome });
      pending.delete(sent);
    });
    pending.add(sent);
  }
  const loadEndedAt = performance.now();
  await Promise.all(pending);
  return { results, skipped, loadSeconds: (loadEndedAt - started) / 1000 };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function sleepUntil(time: number): Promise<void> {
  return sleep(Math.max(0, time - performance.now()));
}
