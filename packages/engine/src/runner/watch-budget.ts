import type { ProcessCage } from './process-cage.ts';
import { totalCpuMs, totalResidentBytes } from './process-tree.ts';

/** How often a running job's processes are sampled for CPU time (and, under the watchdog, memory). */
export const SAMPLE_INTERVAL_MS = 100;

export type Budget = { cpuLimitMs: number; memoryLimitBytes: number };
export type Resource = 'memory' | 'cpu';

/**
 * Samples a job's processes every 100 ms and calls `onOverBudget` once: past the CPU-time limit (counted from the
 * job's start, over the worker and every program in its cage), past the memory budget (watchdog cages only: a
 * cgroup's limit is the kernel's to enforce), or as soon as the kernel has killed one of them for the cgroup's
 * memory limit. `oomAtStart` lets the caller tell later whether a kernel kill happened during the job.
 */
export function watchBudget(
  cage: ProcessCage,
  { cpuLimitMs, memoryLimitBytes }: Budget,
  onOverBudget: (resource: Resource) => void,
): { oomAtStart: number; stop: () => void } {
  const cpuAtStart = totalCpuMs(cage.sample());
  const oomAtStart = cage.oomKills();
  const interval = setInterval(() => {
    const processes = cage.sample();
    let resource: Resource | null = null;
    if (cage.oomKills() > oomAtStart) resource = 'memory';
    else if (cage.kind === 'watchdog' && totalResidentBytes(processes) > memoryLimitBytes)
      resource = 'memory';
    else if (totalCpuMs(processes) - cpuAtStart > cpuLimitMs) resource = 'cpu';
    if (resource) {
      clearInterval(interval);
      onOverBudget(resource);
    }
  }, SAMPLE_INTERVAL_MS);
  interval.unref();
  return { oomAtStart, stop: () => clearInterval(interval) };
}
