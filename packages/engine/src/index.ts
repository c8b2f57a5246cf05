export { JobPool, type PoolOptions, type RunOptions } from './runner/pool.ts';
export { JobRunner, type LaneStats, type RunnerOptions } from './runner/job-runner.ts';
export {
  chooseCageFactory,
  type CageFactory,
  type CageKind,
  type CagePreference,
} from './runner/process-cage.ts';
export type { TestOpInput, TestOpName } from './runner/test-ops.ts';
export { ENGINE_OPS } from './ops/index.ts';
export type { EngineOp, InputFile, JobContext, JobInput, JobResult } from './ops/types.ts';
export { createProbeInputs, type ProbeFile, type ProbeInput } from './probe/probe-inputs.ts';
export { sweepOfficeDirs } from './libreoffice/office-dirs.ts';
export { LongJobDeferred, busy, cancelled } from './runner/job-errors.ts';
export type { JobWork } from './runner/messages.ts';
export { readTreesMemory } from './runner/read-trees-memory.ts';
