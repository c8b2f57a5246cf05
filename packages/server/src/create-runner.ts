import { JobRunner, chooseCageFactory, type PoolOptions } from '@quire/engine';
import type { ToolId } from '@quire/shared';
import type { Config } from './config.ts';

export type LaneOverrides = Partial<Omit<PoolOptions, 'mayWait' | 'name' | 'cages'>>;

/** The job runner the configuration asks for: both lanes, their budgets, the memory cap and the fair share. */
export function createRunner(
  config: Config,
  onCrash: (toolId: ToolId | null, stack: string) => void,
  overrides: { pdf?: LaneOverrides; office?: LaneOverrides } = {},
): JobRunner {
  const cages = chooseCageFactory(config.memoryCap);
  const common = {
    maxHeapBytes: config.workerMaxHeapBytes,
    memoryLimitBytes: config.jobMemoryBytes,
    maxOutputBytes: config.maxOutputBytes,
    maxRunningPerClient: config.clientMaxRunning,
    allowTestOps: config.testOps,
    cages,
    onCrash,
  };
  return new JobRunner({
    lanes: {
      pdf: { ...common, size: config.workers, maxQueue: config.maxQueue, ...overrides.pdf },
      office: { ...common, size: config.officeWorkers, maxQueue: config.officeMaxQueue, ...overrides.office },
    },
    maxQueuedPerClient: config.clientMaxQueued,
  });
}
