import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue.ts';

describe('FairQueue', () => {
  it('serves waiting clients round-robin, not first come', () => {
    const queue = new FairQueue<string>(1);
    for (const job of ['a1', 'a2', 'a3']) queue.push('a', job);
    queue.push('b', 'b1');
    queue.push('c', 'c1');
    const order: string[] = [];
    for (let next = queue.takeNext(); next; next = queue.takeNext()) {
      order.push(next.item);
      queue.finished(next.client);
    }
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'a3']);
  });

  it('puts a client whose job just started behind the clients already waiting', () => {
    const queue = new FairQueue<string>(1);
    queue.started('a');
    queue.push('a', 'a2');
    queue.push('b', 'b1');
    queue.finished('a');
    // a's first job ran while b waited: b goes first.
    expect(queue.takeNext()?.item).toBe('b1');
  });

  it('starts no more than the allowed jobs of one client at once', () => {
    const queue = new FairQueue<string>(1);
    queue.push('a', 'a1');
    queue.push('a', 'a2');
    queue.push('b', 'b1');
    expect(queue.takeNext()?.item).toBe('a1');
    // a already runs one: b goes next, then nobody until a's job ends.
    expect(queue.takeNext()?.item).toBe('b1');
    expect(queue.takeNext()).toBeNull();
    expect(queue.mayStart('a')).toBe(false);
    queue.finished('a');
    expect(queue.takeNext()?.item).toBe('a2');
    expect(queue.size).toBe(0);
  });

  it('forgets a job removed while waiting', () => {
    const queue = new FairQueue<string>(2);
    queue.push('a', 'a1');
    expect(queue.remove('a', 'a1')).toBe(true);
    expect(queue.remove('a', 'a1')).toBe(false);
    expect(queue.waitingFor('a')).toBe(0);
    expect(queue.takeNext()).toBeNull();
  });

  it('makes room in a full queue for a client with less waiting, at the cost of the client with the most', () => {
    const queue = new FairQueue<string>(1);
    for (const job of ['a1', 'a2', 'a3']) queue.push('a', job);
    queue.push('b', 'b1');
    // A newcomer evicts a's newest; b (one waiting) may not evict a client of two, nor c one of one.
    expect(queue.evictFor('c')).toEqual({ client: 'a', item: 'a3' });
    expect(queue.evictFor('b')).toBeNull();
    expect(queue.size).toBe(3);
    queue.push('c', 'c1');
    expect(queue.evictFor('d')).toEqual({ client: 'a', item: 'a2' });
    expect(queue.evictFor('d')).toBeNull();
  });
});
