import { readFileSync, readdirSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { runProcess } from './run-process.ts';

const LIMITS = { timeoutMs: 30_000, maxMemoryBytes: 512 * 1024 * 1024 };

/** Live (not zombie) processes whose command line is exactly `args`. */
function processesRunning(args: string[]): number[] {
  const wanted = `${args.join('\0')}\0`;
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return (
          readFileSync(`/proc/${entry}/cmdline`, 'utf8') === wanted &&
          !readFileSync(`/proc/${entry}/stat`, 'utf8').includes(') Z ')
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return condition();
}

describe('runProcess', () => {
  it('runs a program and reports its exit status and output', async () => {
    const result = await runProcess(
      'sh',
      ['-c', 'echo out; echo err >&2; exit 3'],
      LIMITS,
      new AbortController().signal,
    );
    expect(result).toMatchObject({ exitCode: 3, stdout: 'out\n', stderr: 'err\n' });
  });

  it('kills the program when its timeout passes', async () => {
    await expect(
      runProcess('sleep', ['30'], { ...LIMITS, timeoutMs: 200 }, new AbortController().signal),
    ).rejects.toMatchObject({ code: 'JOB_TIMEOUT' });
  });

  it('kills the program when the thread that started it ends (a terminated worker, a killed server)', async () => {
    // A worker thread starts `sleep` through runProcess; terminating the worker must take `sleep` with it.
    const args = ['sleep', `${30 + Math.floor(Math.random() * 1000) / 1000}`];
    const code = `
      import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};
      register();
      const { runProcess } = await import(${JSON.stringify(new URL('./run-process.ts', import.meta.url).href)});
      runProcess(${JSON.stringify(args[0])}, [${JSON.stringify(args[1])}], ${JSON.stringify(LIMITS)}, new AbortController().signal).catch(() => {});
      setInterval(() => {}, 1000);`;
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`));
    expect(await waitFor(() => processesRunning(args).length === 1)).toBe(true);
    await worker.terminate();
    expect(await waitFor(() => processesRunning(args).length === 0)).toBe(true);
  });
});
