import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type { JobBody, JobView } from '@quire/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { streamJobEvents } from './job-event-stream.ts';

const ID = 'c'.repeat(32);

function jobView(state: JobView['state']): JobView {
  return {
    id: ID,
    tool: 'rotate',
    state,
    progress: { stage: state === 'running' ? 'processing' : 'done', pagesDone: null, pagesTotal: null },
    notices: [],
    error: null,
    result: null,
    createdAt: new Date(0).toISOString(),
    expiresAt: null,
  };
}

/**
 * A job backend whose job changes while the route awaits its stream's place (as a cluster's does while Redis counts
 * the client's streams): the change goes to the listeners there are, and there are none yet.
 */
class ChangingJob {
  now: JobView | null = jobView('running');
  readonly listeners = new Set<(view: JobView) => void>();
  async view(): Promise<JobView | null> {
    // Read a moment later, as from Redis: a change queued before the read is seen by it.
    await null;
    return this.now;
  }
  subscribe(_id: string, listener: (view: JobView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  change(next: JobView | null): void {
    this.now = next;
    if (next) for (const listener of this.listeners) listener(next);
  }
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** Serves the job's events as the jobs route does, with `meanwhile` run while the stream's place is taken. */
async function serve(
  job: ChangingJob,
  meanwhile: () => void,
): Promise<{ url: string; released: () => number }> {
  let releases = 0;
  app = Fastify();
  app.get('/events', async (request, reply) => {
    const first = await job.view();
    if (!first) throw new Error('no job');
    await new Promise((resolve) => setImmediate(resolve));
    meanwhile();
    streamJobEvents(request, reply, job, first, () => (releases += 1));
    return reply;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/events`,
    released: () => releases,
  };
}

/** The states of the stream's events, read until it ends (or, for a stream that would never end, for 10 s). */
async function statesOf(url: string): Promise<Array<JobView['state']>> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  const text = await response.text().catch(() => '(still open after 10 s)');
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event: job\n'))
    .map((block) => (JSON.parse(block.slice(block.indexOf('data: ') + 6)) as JobBody).job.state);
}

describe('a job event stream', () => {
  it('ends with the job that ended while its place was being taken', async () => {
    const job = new ChangingJob();
    const { url, released } = await serve(job, () => job.change(jobView('done')));
    expect(await statesOf(url)).toEqual(['running', 'done']);
    expect(released()).toBe(1);
  });

  it('ends when the job was deleted while its place was being taken', async () => {
    const job = new ChangingJob();
    const { url, released } = await serve(job, () => job.change(null));
    expect(await statesOf(url)).toEqual(['running']);
    expect(released()).toBe(1);
  });

  it('sends each change once, and the end once, when the job ends as it is read again', async () => {
    const job = new ChangingJob();
    // Ends once listened to, as the job is read again: both say "done", the stream says it once.
    const { url, released } = await serve(job, () => queueMicrotask(() => job.change(jobView('done'))));
    expect(await statesOf(url)).toEqual(['running', 'done']);
    expect(released()).toBe(1);
  });
});
