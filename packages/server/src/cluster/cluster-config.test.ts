import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';

describe('cluster settings', () => {
  it('runs everything in one process without Redis, and reads the roles and lanes of a cluster', () => {
    expect(loadConfig({}).cluster).toMatchObject({
      redisUrl: null,
      role: 'all',
      lanes: ['pdf', 'office', 'ocr'],
    });
    expect(
      loadConfig({
        QUIRE_REDIS_URL: 'redis://10.0.0.5:6379',
        QUIRE_ROLE: 'worker',
        QUIRE_LANES: 'office, office',
        QUIRE_JOB_LOCK_SECONDS: '5',
      }).cluster,
    ).toEqual({ redisUrl: 'redis://10.0.0.5:6379', role: 'worker', lanes: ['office'], jobLockMs: 5_000 });
  });

  it('refuses settings that cannot work, saying which and why', () => {
    const cases: Record<string, string>[] = [
      { QUIRE_ROLE: 'web' },
      { QUIRE_REDIS_URL: 'http://10.0.0.5' },
      { QUIRE_REDIS_URL: 'redis://r', QUIRE_ROLE: 'both' },
      { QUIRE_REDIS_URL: 'redis://r', QUIRE_LANES: 'pdf,fax' },
      { QUIRE_JOB_LOCK_SECONDS: '1' },
      { QUIRE_JOB_RETENTION_SECONDS: '601' },
    ];
    for (const env of cases) {
      const name = Object.keys(env).at(-1) ?? '';
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(
        name === 'QUIRE_ROLE' && !env.QUIRE_REDIS_URL ? /QUIRE_REDIS_URL/ : name,
      );
    }
  });
});
