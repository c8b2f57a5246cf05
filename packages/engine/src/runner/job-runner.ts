import { JOB_LANES, TOOLS, type JobLane, type ToolId } from '@quire/shared';
import type { JobInput, JobResult } from '../ops/types.ts';
import { JobPool, type PoolOptions, type PoolStats, type RunOptions } from './pool.ts';
import type { CageFactory } from './process-cage.ts';
import { sampleProcessTrees, totalResidentBytes } from './process-tree.ts';
import type { TestOpInput, TestOpName } from './test-ops.ts';

export type LaneStats = PoolStats & { maxQueue: number };

export type RunnerOptions = {
  lanes: Record<JobLane, Omit<PoolOptions, 'mayWait' | 'name' | 'maxQueuedPerClient'>>;
  /** Jobs one client may have waiting in all lanes together (fair share); more are refused with `TOO_MANY_JOBS`. */
  maxQueuedPerClient?: number;
};

const DEFAULT_MAX_QUEUED_PER_CLIENT = 3;

/**
 * Runs each tool's jobs in its lane (`TOOLS[id].lane`): PDF work in worker processes, one per core; Office
 * conversions and OCR in lanes of their own, so a slow LibreOffice queue or a long scan never holds up a merge. Each lane refuses work
 * with `SERVER_BUSY` once its own queue is full, and a client with `maxQueuedPerClient` jobs waiting in all lanes
 * gets `TOO_MANY_JOBS`.
 */
export class JobRunner {
  readonly #pools: Record<JobLane, JobPool>;
  readonly #maxQueues: Record<JobLane, number>;

  constructor({ lanes, maxQueuedPerClient = DEFAULT_MAX_QUEUED_PER_CLIENT }: RunnerOptions) {
    const mayWait = (client: string) =>
      JOB_LANES.reduce((sum, lane) => sum + this.#pools[lane].waitingFor(client), 0) < maxQueuedPerClient;
    this.#pools = Object.fromEntries(
      JOB_LANES.map((lane) => [
        lane,
        new JobPool({ ...lanes[lane], name: lane, mayWait, maxQueuedPerClient }),
      ]),
    ) as Record<JobLane, JobPool>;
    this.#maxQueues = Object.fromEntries(JOB_LANES.map((lane) => [lane, lanes[lane].maxQueue])) as Record<
      JobLane,
      number
    >;
  }

  run<T extends ToolId>(toolId: T, input: JobInput<T>, options: RunOptions): Promise<JobResult> {
    return this.#pools[TOOLS[toolId].lane].run(toolId, input, options);
  }

  /** A test-only op in a lane (pools made with `allowTestOps`). */
  runTestOp(lane: JobLane, name: TestOpName, input: TestOpInput, options: RunOptions): Promise<JobResult> {
    return this.#pools[lane].runTestOp(name, input, options);
  }

  get stats(): Record<JobLane, LaneStats> {
    const stats = {} as Record<JobLane, LaneStats>;
    for (const lane of JOB_LANES)
      stats[lane] = { ...this.#pools[lane].stats, maxQueue: this.#maxQueues[lane] };
    return stats;
  }

  /** How worker memory is capped on this machine (the same for every lane). */
  get cageKind(): CageFactory['kind'] {
    return this.#pools.pdf.cageKind;
  }

  /** Process ids of every worker, by lane. */
  get workerPids(): Record<JobLane, number[]> {
    return Object.fromEntries(JOB_LANES.map((lane) => [lane, this.#pools[lane].workerPids])) as Record<
      JobLane,
      number[]
    >;
  }

  /** Resident memory of each lane's workers and their programs (LibreOffice, qpdf…), in bytes, read now. */
  get workerMemoryBytes(): Record<JobLane, number> {
    const pids = this.workerPids;
    // One pass over /proc for every worker of every lane.
    const trees = sampleProcessTrees(JOB_LANES.flatMap((lane) => pids[lane]));
    const lanes = {} as Record<JobLane, number>;
    let offset = 0;
    for (const lane of JOB_LANES) {
      const own = trees.slice(offset, offset + pids[lane].length);
      offset += pids[lane].length;
      lanes[lane] = own.reduce((sum, tree) => sum + totalResidentBytes(tree), 0);
    }
    return lanes;
  }

  /** Settles once every worker of every lane is ready for its first job. */
  async whenReady(): Promise<void> {
    await Promise.all(JOB_LANES.map((lane) => this.#pools[lane].whenReady()));
  }

  async close(): Promise<void> {
    await Promise.all(JOB_LANES.map((lane) => this.#pools[lane].close()));
  }
}
