import { JOB_LANES, TOOLS, type JobLane, type ToolId } from '@quire/shared';
import type { JobInput, JobResult } from '../ops/types.ts';
import { JobPool, type PoolOptions, type RunOptions } from './pool.ts';

export type LaneStats = { size: number; running: number; queued: number; maxQueue: number };

/**
 * Runs each tool's jobs in its lane (`TOOLS[id].lane`): PDF work in worker threads, one per core; Office
 * conversions in a lane of their own, so a slow LibreOffice queue never holds up a merge, and each lane refuses
 * work with `SERVER_BUSY` once its own queue is full.
 */
export class JobRunner {
  readonly #pools: Record<JobLane, JobPool>;
  readonly #maxQueues: Record<JobLane, number>;

  constructor(lanes: Record<JobLane, PoolOptions>) {
    this.#pools = { pdf: new JobPool(lanes.pdf), office: new JobPool(lanes.office) };
    this.#maxQueues = { pdf: lanes.pdf.maxQueue, office: lanes.office.maxQueue };
  }

  run<T extends ToolId>(toolId: T, input: JobInput<T>, options: RunOptions): Promise<JobResult> {
    return this.#pools[TOOLS[toolId].lane].run(toolId, input, options);
  }

  get stats(): Record<JobLane, LaneStats> {
    const stats = {} as Record<JobLane, LaneStats>;
    for (const lane of JOB_LANES)
      stats[lane] = { ...this.#pools[lane].stats, maxQueue: this.#maxQueues[lane] };
    return stats;
  }

  async close(): Promise<void> {
    await Promise.all(JOB_LANES.map((lane) => this.#pools[lane].close()));
  }
}
