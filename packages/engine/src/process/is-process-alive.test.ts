import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { isProcessAlive } from './is-process-alive.ts';

describe('isProcessAlive', () => {
  it('says a running process is alive, and an ended one not yet collected by its parent (a zombie) is not', async () => {
    // `sleep 0.1` ends soon, but its parent (the shell, replaced by `sleep 30`) never collects it: a zombie.
    const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 30'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const [line] = (await once(parent.stdout, 'data')) as [Buffer];
      const child = Number(line.toString().trim());
      expect(isProcessAlive(child)).toBe(true);
      await expect.poll(() => isProcessAlive(child), { timeout: 10_000 }).toBe(false);
      // The kernel still knows it: kill(pid, 0) alone would call it alive.
      expect(() => process.kill(child, 0)).not.toThrow();
      expect(isProcessAlive(parent.pid ?? -1)).toBe(true);
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('says a pid nobody has is not alive', () => {
    expect(isProcessAlive(2 ** 22 + 7)).toBe(false);
  });
});
