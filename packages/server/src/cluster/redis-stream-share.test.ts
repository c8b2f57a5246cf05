import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { useTestRedis } from '../../test/redis-server.ts';
import { RedisStreamShare, streamsKey } from './redis-stream-share.ts';

const redis = useTestRedis();

const refusalOf = (opening: Promise<unknown>) =>
  opening.then(
    () => null,
    (error: unknown) => error,
  );

describe('RedisStreamShare', () => {
  it("counts a client's streams across web processes, each client apart, and gives a place back once", async () => {
    // Two web processes, each with its own connection.
    const other = new Redis(redis.url);
    try {
      const webA = new RedisStreamShare(redis.client, 2);
      const webB = new RedisStreamShare(other, 2);
      const first = await webA.open('client-a');
      await webB.open('client-a');
      expect(await refusalOf(webA.open('client-a'))).toMatchObject({
        code: 'TOO_MANY_STREAMS',
        details: { share: 'streams', maxStreams: 2 },
      });
      await expect(webB.open('client-b')).resolves.toBeTypeOf('function');
      first();
      first();
      await expect.poll(() => redis.client.zcard(streamsKey('client-a'))).toBe(1);
      const third = await webB.open('client-a');
      expect(await refusalOf(webA.open('client-a'))).toMatchObject({ code: 'TOO_MANY_STREAMS' });
      third();
    } finally {
      other.disconnect();
    }
  });

  it('renews the places of open streams, and lets those of a web process that died lapse', async () => {
    const dying = new Redis(redis.url);
    const living = new RedisStreamShare(redis.client, 2, 1_500);
    // A web process opens two streams, then loses Redis for good (it died): its places are not renewed.
    const dead = new RedisStreamShare(dying, 2, 1_500);
    await dead.open('client-a');
    await dead.open('client-a');
    dying.disconnect();
    expect(await refusalOf(living.open('client-a'))).toMatchObject({ code: 'TOO_MANY_STREAMS' });
    // A stream this process keeps open holds its place well past its first lease; the dead one's go.
    const kept = await living.open('client-b');
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    await expect(living.open('client-a')).resolves.toBeTypeOf('function');
    expect(await refusalOf(Promise.all([living.open('client-b'), living.open('client-b')]))).toMatchObject({
      code: 'TOO_MANY_STREAMS',
    });
    kept();
  });
});
