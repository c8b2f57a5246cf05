import type { JobRunner } from '@quire/engine';

/**
 * What the HTTP side needs of a job runner: the all-in-one server's own pool of worker processes (`JobRunner`), or
 * in cluster mode the queues that worker processes elsewhere take jobs from (`ClusterRunner`).
 */
export type Runner = Pick<JobRunner, 'run' | 'stats' | 'workerMemoryBytes'>;

/** A runner of the test-only ops as well (`QUIRE_TEST_OPS=1`): only their routes take one, and only then. */
export type TestOpRunner = Runner & Pick<JobRunner, 'runTestOp'>;
