import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sampleProcessTrees, totalResidentBytes } from './process-tree.ts';
import { readTreesMemory } from './read-trees-memory.ts';

describe('readTreesMemory', () => {
  it('reads the resident memory of a process and its children, as the synchronous pass does', async () => {
    // A shell holding a child, in a process group of their own: the tree of two processes.
    const shell = spawn('sh', ['-c', 'sleep 30 & wait'], { stdio: 'ignore', detached: true });
    try {
      const pid = shell.pid ?? -1;
      await expect.poll(() => sampleProcessTrees([pid])[0]?.length).toBe(2);
      const [tree, gone] = await readTreesMemory([pid, 2 ** 22 + 1]);
      const expected = totalResidentBytes(sampleProcessTrees([pid])[0] ?? []);
      expect(tree).toBeGreaterThan(0);
      // The same processes: their memory may move a little between the two reads.
      expect(Math.abs((tree ?? 0) - expected)).toBeLessThan(expected / 2);
      expect(gone).toBe(0);
      expect(await readTreesMemory([])).toEqual([]);
    } finally {
      process.kill(-(shell.pid ?? 0), 'SIGKILL');
    }
  });
});
