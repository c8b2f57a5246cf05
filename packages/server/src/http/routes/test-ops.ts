import type { TestOpName } from '@quire/engine';
import type { TestOpRunner } from '../../runner.ts';
import { AppError, JOB_LANES, type JobLane } from '@quire/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { answerJob, type JobAnswerDeps } from '../answer-job.ts';

const TEST_OPS: readonly TestOpName[] = ['hold', 'allocate', 'spin', 'write'];
const MAX_TEST_MS = 10 * 60_000;

/**
 * `POST /api/test-ops/<lane>/<op>?ms=…&megabytes=…&work=…`, only with `QUIRE_TEST_OPS=1`: a job slow, greedy or large on
 * purpose, run like a tool's (same guards, fair share, budgets and answer), for tests that must not depend on how
 * fast a document happens to be on the machine. Never enabled in production.
 */
export function registerTestOpRoutes(
  app: FastifyInstance,
  deps: JobAnswerDeps & { runner: TestOpRunner; guards: onRequestHookHandler[]; jobCpuMs: number | null },
): void {
  app.post<{ Params: { lane: string; op: string }; Querystring: Record<string, string | undefined> }>(
    '/api/test-ops/:lane/:op',
    { onRequest: deps.guards },
    async (request, reply) => {
      const { lane, op } = request.params;
      if (!JOB_LANES.includes(lane as JobLane) || !TEST_OPS.includes(op as TestOpName)) {
        throw new AppError('NOT_FOUND', 'There is no such test operation.');
      }
      const ms = Math.min(MAX_TEST_MS, Number(request.query.ms ?? 1000));
      const megabytes = Number(request.query.megabytes ?? 1);
      // `work`: the job declares this much work first (estimated milliseconds), so a test can make it long.
      const workMs = request.query.work === undefined ? undefined : Number(request.query.work);
      return answerJob(request, reply, deps, async ({ jobDir, signal }) => ({
        result: await deps.runner.runTestOp(
          lane as JobLane,
          op as TestOpName,
          { ms, megabytes, ...(workMs === undefined ? {} : { workMs }) },
          {
            signal,
            timeoutMs: ms + 60_000,
            ...(deps.jobCpuMs === null ? {} : { cpuLimitMs: deps.jobCpuMs }),
            workDir: jobDir,
            client: request.client,
          },
        ),
        headers: {},
        mimeType: 'application/octet-stream',
        fileName: 'test-output.bin',
        log: { testOp: op, lane },
      }));
    },
  );
}
