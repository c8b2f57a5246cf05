import { inject } from 'vitest';

/**
 * The built server this test file talks to. Browser test files run two at a time (vitest.config.ts), each worker
 * against a server of its own (global-setup.ts): one file's jobs, job folders and client shares are then never
 * another's, and a file's checks of what its server kept stay its own.
 */
function serverOfThisWorker(): { baseUrl: string; jobRoot: string } {
  const servers = inject('servers');
  // VITEST_POOL_ID numbers the workers from 1 to maxWorkers; a file's worker is the same for its whole run.
  const pool = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[(Number.isInteger(pool) && pool > 0 ? pool - 1 : 0) % servers.length];
  if (!server) throw new Error('the browser tests started no server (global-setup.ts)');
  return server;
}

export const { baseUrl, jobRoot } = serverOfThisWorker();
