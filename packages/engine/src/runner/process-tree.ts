import { readFileSync, readdirSync } from 'node:fs';

/** Clock ticks per second of `/proc/<pid>/stat` times: 100 on every Linux build Node runs on. */
const TICKS_PER_SECOND = 100;
const PAGE_BYTES = 4096;

/** What the kernel says of one process, read from `/proc/<pid>/stat` and `/proc/<pid>/statm`. */
export type ProcessSample = {
  pid: number;
  parentPid: number;
  /** CPU time of the process and of its children it has waited for, in milliseconds. */
  cpuMs: number;
  residentBytes: number;
};

/** Reads one process from `/proc/<pid>/stat` alone, or null when it is gone (or is a zombie, which holds no memory). */
export function sampleProcess(pid: number): ProcessSample | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The command name, in parentheses, may itself hold spaces and parentheses: fields start after the last ')'.
    // Counted from there: 1 parent, 11-14 CPU ticks (own and waited-for children's), 21 resident pages.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') return null;
    const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index] ?? 0), 0);
    return {
      pid,
      parentPid: Number(fields[1]),
      cpuMs: (ticks * 1000) / TICKS_PER_SECOND,
      residentBytes: Number(fields[21] ?? 0) * PAGE_BYTES,
    };
  } catch {
    return null;
  }
}

/**
 * The process `rootPid` and every live descendant, found by walking `/proc` by parent. Programs that started
 * their own session or process group are still found: parenthood cannot be escaped, only by a double fork whose
 * middle process exits (reparenting to init), which no engine we run does.
 */
export function sampleProcessTree(rootPid: number): ProcessSample[] {
  return sampleProcessTrees([rootPid])[0] ?? [];
}

/** `sampleProcessTree` of several roots, from one pass over `/proc`. */
export function sampleProcessTrees(rootPids: readonly number[]): ProcessSample[][] {
  const byParent = new Map<number, ProcessSample[]>();
  const byPid = new Map<number, ProcessSample>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const sample = sampleProcess(pid);
    if (!sample) continue;
    byPid.set(pid, sample);
    const siblings = byParent.get(sample.parentPid);
    if (siblings) siblings.push(sample);
    else byParent.set(sample.parentPid, [sample]);
  }
  return rootPids.map((rootPid) => {
    const root = byPid.get(rootPid);
    if (!root) return [];
    const tree = [root];
    for (let index = 0; index < tree.length; index += 1) {
      tree.push(...(byParent.get(tree[index]?.pid ?? -1) ?? []));
    }
    return tree;
  });
}

/** Samples of the given processes (a cgroup's members), skipping those already gone. */
export function sampleProcesses(pids: readonly number[]): ProcessSample[] {
  return pids.map(sampleProcess).filter((sample): sample is ProcessSample => sample !== null);
}

export function totalCpuMs(samples: readonly ProcessSample[]): number {
  return samples.reduce((sum, sample) => sum + sample.cpuMs, 0);
}

export function totalResidentBytes(samples: readonly ProcessSample[]): number {
  return samples.reduce((sum, sample) => sum + sample.residentBytes, 0);
}

/** SIGKILL to each process; those already gone are skipped. */
export function killProcesses(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}
