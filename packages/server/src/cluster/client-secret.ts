import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { KEY_PREFIX } from './redis-client.ts';

const SECRET_KEY = `${KEY_PREFIX}:client-secret`;

/**
 * Makes the web processes of a cluster code clients alike (`ClientCodes`): the first to reach Redis stores a random
 * secret, and every one uses the secret Redis holds, read again whenever the connection comes back (a Redis that
 * lost its data gets a new one, and all processes move to it). Until then a process codes with its own secret,
 * which only splits a client's counters for that moment.
 */
export async function shareClientSecret(
  redis: Redis,
  codes: { useSecret: (secret: Buffer) => void },
): Promise<void> {
  const load = async () => {
    await redis.set(SECRET_KEY, randomBytes(32).toString('hex'), 'NX');
    const hex = await redis.get(SECRET_KEY);
    if (hex && /^[0-9a-f]{64}$/.test(hex)) codes.useSecret(Buffer.from(hex, 'hex'));
  };
  redis.on('ready', () => void load().catch(() => undefined));
  await load().catch(() => undefined);
}
