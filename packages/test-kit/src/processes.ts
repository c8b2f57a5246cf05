import { readFileSync, readdirSync } from 'node:fs';

/** A process as /proc shows it: id, parent and command line (arguments joined by spaces). */
export type ProcessInfo = { pid: number; parent: number; command: string };

export function listProcesses(): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // A zombie has already ended; only its exit status is left for its parent.
      if (fields[0] === 'Z') continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
      found.push({ pid: Number(entry), parent: Number(fields[1]), command });
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/** Every process below `pid`. */
export function descendantsOf(pid: number): ProcessInfo[] {
  const all = listProcesses();
  const found: ProcessInfo[] = [];
  const pending = [pid];
  while (pending.length > 0) {
    const parent = pending.pop();
    for (const info of all.filter((candidate) => candidate.parent === parent)) {
      found.push(info);
      pending.push(info.pid);
    }
  }
  return found;
}

/** Processes whose command line mentions `text` (a test's private directory: the server's children, or orphans). */
export function processesMentioning(text: string): ProcessInfo[] {
  return listProcesses().filter((info) => info.command.includes(text) && info.pid !== process.pid);
}

export async function waitUntil<T>(
  read: () => T | Promise<T>,
  isDone: (value: T) => boolean,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!isDone(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}
