import { JobRunner, chooseCageFactory, type CageFactory, type PoolOptions } from '@quire/engine';
import { JOB_LANES, LONG_JOB_MS, type JobLane, type ToolId } from '@quire/shared';
import { laneLimits, type Config } from './config.ts';

export type LaneOverrides = Partial<Omit<PoolOptions, 'mayWait' | 'name' | 'cages'>>;
type LaneOptions = Omit<PoolOptions, 'mayWait' | 'name' | 'maxQueuedPerClient'>;

/**
 * The job runner the configuration asks for: every lane, their budgets, the memory cap and the fair share. Its
 * workers start at once, and `onCrash` may be called before this returns (a memory cage that could not be made).
 * `cages`: how workers are caged, the configuration's choice unless told (tests).
 */
export function createRunner(
  config: Config,
  onCrash: (toolId: ToolId | null, stack: string) => void,
  overrides: Partial<Record<JobLane, LaneOverrides>> = {},
  cages: CageFactory = chooseCageFactory(config.memoryCap),
): JobRunner {
  const common = {
    maxHeapBytes: config.workerMaxHeapBytes,
    memoryLimitBytes: config.jobMemoryBytes,
    maxOutputBytes: config.maxOutputBytes,
    maxRunningPerClient: config.clientMaxRunning,
    allowTestOps: config.testOps,
    cages,
    onCrash,
  };
  const limits = laneLimits(config);
  return new JobRunner({
    lanes: Object.fromEntries(
      JOB_LANES.map((lane) => [
        lane,
        { ...common, longJobMs: LONG_JOB_MS[lane], ...limits[lane], ...overrides[lane] },
      ]),
    ) as Record<JobLane, LaneOptions>,
    maxQueuedPerClient: config.clientMaxQueued,
  });
}
