import { spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { startCanary } from '@quire/test-kit/hostile-html';
import { describe, expect, it } from 'vitest';
import { useJobContext } from '../../test/job-context.ts';
import { chromiumSandboxArgs } from './chromium-sandbox.ts';

const ctx = useJobContext();

/** Runs a bash command inside HTML to PDF's sandbox (as Chromium runs there), or outside it. */
async function bash(script: string, sandboxed: boolean) {
  const root = join(ctx.workDir, 'chromium');
  await Promise.all(['profile', 'tmp'].map((dir) => mkdir(join(root, dir), { recursive: true })));
  const [command, args] = sandboxed
    ? ['bwrap', [...chromiumSandboxArgs(root), '--', '/usr/bin/bash', '-c', script]]
    : ['/usr/bin/bash', ['-c', script]];
  return spawnSync(command, args as string[], { encoding: 'utf8', timeout: 20_000 });
}

/**
 * The sandbox alone, without the browser's own interception: the wall that would still stand if Chromium let a
 * request through. bash's /dev/tcp opens a plain TCP connection.
 */
describe("HTML to PDF's sandbox", () => {
  it('reaches no listener on the host, not even on loopback, and resolves no name', async () => {
    const canary = await startCanary('127.0.0.2');
    try {
      const connect = `exec 3<>/dev/tcp/${canary.host}/${canary.port} && echo connected`;
      // Outside, the same command reaches the canary: it can count.
      expect((await bash(connect, false)).stdout).toContain('connected');
      await expect.poll(() => canary.hits().connections).toBe(1);
      const inside = await bash(
        `${connect}; exec 4<>/dev/tcp/127.0.0.1/${canary.port} && echo connected`,
        true,
      );
      expect(inside.stdout).not.toContain('connected');
      expect((await bash('getent hosts example.com || echo unresolved', true)).stdout).toContain(
        'unresolved',
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(canary.hits()).toEqual({ connections: 1, requests: 0, datagrams: 0 });
    } finally {
      await canary.close();
    }
  });

  it("sees the system read-only and none of the host's files: no /etc/passwd, no /home, no job", async () => {
    const listing = await bash('ls /; ls /etc; cat /etc/passwd; touch /usr/x; id -u', true);
    expect(listing.stdout.split('\n').slice(0, 20)).not.toContain('home');
    expect(listing.stdout).not.toContain('root:');
    expect(listing.stdout).not.toContain('passwd');
    expect(listing.stderr).toMatch(/Read-only file system/);
    // Chromium's own user, not root: its renderer sandbox is on.
    expect(listing.stdout.trim().split('\n').at(-1)).toBe('1000');
  });
});
