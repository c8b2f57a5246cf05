// What the load bench reads about the server from /proc: memory, open files, its process tree, and any process
// that still names the bench's private directories (an orphan a killed job left behind would).
import { readFileSync, readdirSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { loadavg } from 'node:os';

export type ServerSample = {
  /** Seconds since the bench started. */
  at: number;
  rssMb: number;
  openFiles: number;
  /** Every process below the server (LibreOffice, renderers, qpdf), not counting the server itself. */
  children: number;
};

export function sampleServer(pid: number, startedAt: number): ServerSample {
  return {
    at: (performance.now() - startedAt) / 1000,
    rssMb: rssMb(pid),
    openFiles: openFiles(pid),
    children: descendants(pid).length,
  };
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

export function openFiles(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/** Process ids below `pid`, found by walking every process's parent in /proc. */
export function descendants(pid: number): number[] {
  const childrenOf = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = readParent(Number(entry));
    if (parent === null) continue;
    const list = childrenOf.get(parent) ?? [];
    list.push(Number(entry));
    childrenOf.set(parent, list);
  }
  const found: number[] = [];
  const pending = [pid];
  while (pending.length > 0) {
    const next = pending.pop() as number;
    for (const child of childrenOf.get(next) ?? []) {
      found.push(child);
      pending.push(child);
    }
  }
  return found;
}

/** Processes (other than `except`) whose command line mentions `path`: our children, or orphans they left. */
export function processesMentioning(path: string, except: readonly number[] = []): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || except.includes(Number(entry))) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes(path)) found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

function readParent(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[1]);
  } catch {
    return null;
  }
}

/** Regular files and directories below `dir` (0 when it does not exist). */
export async function countEntries(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true }).catch(() => []);
  return entries.length;
}

/** CPU time a thread has run and has waited runnable for a core, in ms (`/proc/<pid>/task/<tid>/schedstat`). */
export type ThreadTimes = { runMs: number; waitMs: number };

export function threadTimes(pid: number, tid = pid): ThreadTimes {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8')
      .trim()
      .split(' ')
      .map(Number);
    return { runMs: (run ?? 0) / 1e6, waitMs: (wait ?? 0) / 1e6 };
  } catch {
    return { runMs: 0, waitMs: 0 };
  }
}

/** Seconds until `dir` is empty, or -1 after `limitSeconds`. */
export async function waitForEmpty(dir: string, limitSeconds: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitSeconds * 1000) {
    if ((await readdir(dir).catch(() => [])).length === 0) return (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return -1;
}

export function formatLoad(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}
