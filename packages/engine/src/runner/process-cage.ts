import { writeFileSync } from 'node:fs';
import { createCgroupFactory } from './cgroup-cage.ts';
import { killProcesses, sampleProcessTree, type ProcessSample } from './process-tree.ts';

/**
 * How the memory of a worker process and of every program it starts is capped:
 * - `cgroup-v2`: a cgroup of its own with `memory.max` (and `memory.oom.group`, so the kernel kills the whole cage);
 * - `cgroup-v1`: the same with the v1 memory controller's `memory.limit_in_bytes` (hybrid hierarchies, as on the
 *   machines Quire is tested on: the memory controller is mounted on v1, the unified hierarchy has none);
 * - `watchdog`: no cgroup can be made (not root, no delegation): the pool samples the process tree's resident memory
 *   every 100 ms and kills it past the budget.
 * The kernel's cap needs no sampling and cannot be outrun by a fast allocation; the watchdog can overshoot by what
 * a process allocates in 100 ms, so it is the fallback only.
 */
export type CageKind = 'cgroup-v2' | 'cgroup-v1' | 'watchdog';

export type ProcessCage = {
  readonly kind: CageKind;
  /** Puts a process, and everything it will start, in the cage. Call once, right after the process is spawned. */
  enter(pid: number): void;
  /** The processes in the cage now, with their CPU time and resident memory. */
  sample(): ProcessSample[];
  /** How many times the kernel has killed a member for the cage's memory limit (always 0 for the watchdog). */
  oomKills(): number;
  /** SIGKILL to every member. */
  killAll(): void;
  /** Removes what the cage made (its cgroup, once its members are gone). */
  dispose(): Promise<void>;
};

export type CageFactory = {
  readonly kind: CageKind;
  /** A new cage for one worker process, named so that leftovers of a dead server can be recognised. */
  create(name: string, memoryLimitBytes: number): ProcessCage;
};

/** A cage that only knows the process tree under the worker: the watchdog reads it, nothing else limits it. */
export function createWatchdogFactory(): CageFactory {
  return {
    kind: 'watchdog',
    create(): ProcessCage {
      let rootPid = -1;
      const sample = () => (rootPid < 0 ? [] : sampleProcessTree(rootPid));
      return {
        kind: 'watchdog',
        enter(pid) {
          rootPid = pid;
        },
        sample,
        oomKills: () => 0,
        killAll: () => killProcesses(sample().map((process) => process.pid)),
        dispose() {
          rootPid = -1;
          return Promise.resolve();
        },
      };
    },
  };
}

/** How worker memory is capped: `auto` takes a cgroup where this process may make one, else the watchdog. */
export type CagePreference = 'auto' | 'cgroup' | 'watchdog';

export function chooseCageFactory(preference: CagePreference = 'auto'): CageFactory {
  if (preference === 'watchdog') return createWatchdogFactory();
  const cgroups = createCgroupFactory();
  if (cgroups) return cgroups;
  if (preference === 'cgroup') throw new Error('No cgroup with a memory controller can be made here.');
  return createWatchdogFactory();
}

/** Workers are the first the kernel kills if the machine itself runs out of memory, never the server. */
const WORKER_OOM_SCORE_ADJ = '800';

/** A new cage with the process in it, which the kernel will also sacrifice first in a machine-wide shortage. */
export function enterCage(
  factory: CageFactory,
  name: string,
  pid: number,
  memoryLimitBytes: number,
): ProcessCage {
  const cage = factory.create(name, memoryLimitBytes);
  cage.enter(pid);
  try {
    writeFileSync(`/proc/${pid}/oom_score_adj`, WORKER_OOM_SCORE_ADJ);
  } catch {
    // Not root: the kernel's own choice stands.
  }
  return cage;
}
