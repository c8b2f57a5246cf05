import { JobRunner, readTreesMemory } from '@quire/engine';
import { JOB_LANES, type JobLane } from '@quire/shared';
import type { Runner } from '../runner.ts';

/**
 * How to read the resident memory of each lane's workers (and the programs they run): this process's own pool
 * (`JobRunner`) is read from `/proc` with asynchronous reads, never blocking the event loop; a cluster's web process
 * (`ClusterRunner`) has the figures its workers report through Redis at hand.
 */
export function readWorkerMemory(runner: Runner): () => Promise<Record<JobLane, number>> {
  if (!(runner instanceof JobRunner)) return async () => runner.workerMemoryBytes;
  return async () => {
    const pids = runner.workerPids;
    const trees = await readTreesMemory(JOB_LANES.flatMap((lane) => pids[lane]));
    const lanes = {} as Record<JobLane, number>;
    let offset = 0;
    for (const lane of JOB_LANES) {
      const count = pids[lane].length;
      lanes[lane] = trees.slice(offset, offset + count).reduce((sum, bytes) => sum + bytes, 0);
      offset += count;
    }
    return lanes;
  };
}
