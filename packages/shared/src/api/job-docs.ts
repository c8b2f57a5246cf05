import { resultFileName } from '../files/result-file-name.ts';
import { JOB_RETENTION_MS, type JobBody, type JobView } from '../jobs/job-view.ts';
import { TOOLS } from '../tools/registry.ts';

/** The tag of the asynchronous job API's operations in the OpenAPI document. */
export const JOBS_TAG = 'Jobs';

/** The operation ids of the job API, by what each does. */
export const JOB_OPERATION_IDS = {
  create: 'createJob',
  get: 'getJob',
  events: 'getJobEvents',
  result: 'getJobResult',
  delete: 'deleteJob',
} as const;

export type JobOperationId = (typeof JOB_OPERATION_IDS)[keyof typeof JOB_OPERATION_IDS];

export type JobOperationDoc = {
  readonly summary: string;
  readonly description: string;
  /** What the successful answer is. */
  readonly response: string;
};

/**
 * The API reference's words for the job API, in English: the OpenAPI document carries them, and the API docs
 * page's English texts are the same (checked by a test; there `{id}` is written `'{id}'`, ICU's quoting).
 */
export const JOB_DOCS = {
  tag: 'Jobs that outlive a request: send the upload, follow the job, then download the result.',
  toolField:
    'The tool to run, sent before every other field. The fields and files of that tool’s own endpoint follow it. Name it by its id (`pdf-to-jpg`) or by the last part of its endpoint’s path (`to-jpg`).',
  idParam:
    'The job’s `id`: 32 hexadecimal characters (128 random bits). It is the only key to the job: whoever holds it may read, download or delete the job.',
  headers: {
    Location: 'The job’s address: `/api/v1/jobs/{id}`.',
    'Cache-Control': '`no-store`: the job changes, so ask again rather than keep an old answer.',
  },
  operations: {
    createJob: {
      summary: 'Create a job',
      description:
        'Takes the same upload as a tool’s own endpoint, with the field `tool` first, and answers `202` once the upload is stored and its options are checked; the work then runs in the background. The same limits, rate limit and fair share apply, and a bad upload or option gets the same error as from the tool’s endpoint. `tool` must come first, so that the tool’s limits apply while the files arrive; otherwise the answer is `400` `INVALID_REQUEST`.',
      response:
        'The queued job: `success` is `true` and `job` holds the job object. `Location` gives its address.',
    },
    getJob: {
      summary: 'Get a job',
      description:
        'Where the job stands: its state, progress, notices, and its error or result once it has ended. Ask every second or two until `state` is `done` or `failed`, or follow the job’s events instead.',
      response: 'The job: `success` is `true` and `job` holds the job object.',
    },
    getJobEvents: {
      summary: 'Follow a job’s events',
      description:
        'Server-Sent Events: one `event: job` whose `data` is the same JSON as `GET /api/v1/jobs/{id}` answers, sent at once and again at every change (state, stage, pages done). The stream ends after the job ends; a comment line every 15 seconds keeps it open through proxies.',
      response: 'A stream of `event: job` messages, each with the job as JSON in `data`, until the job ends.',
    },
    getJobResult: {
      summary: 'Download a job’s result',
      description:
        'The result file, exactly as the tool’s own endpoint answers it: the same `Content-Type`, `Content-Disposition` and report headers (`X-Page-Count`, `X-Notices`, …). Once it has been sent in full, the job and its files are deleted and a second request answers `404`; a download cut short may be tried again until the job expires. While the job is queued or running the answer is `409` `JOB_NOT_READY`; a failed job answers its error, with the status and body its tool’s endpoint would have answered.',
      response:
        'The result file, with the headers its tool’s endpoint sends. It is deleted as soon as it has been downloaded.',
    },
    deleteJob: {
      summary: 'Cancel and delete a job',
      description:
        'Cancels the job if it is queued or running, and deletes it with its files at once, whatever its state.',
      response: 'No content: the job and its files are gone.',
    },
  } satisfies Record<JobOperationId, JobOperationDoc>,
} as const;

/** The job id of the examples (a real job's id is random). */
export const JOB_ID_EXAMPLE = '5d41c0b7e2a94f3c8b6d1e0f9a7c2b34';

const CREATED_AT = '2026-03-02T09:30:00.000Z';
const ENDED_AT_MS = Date.parse('2026-03-02T09:30:04.000Z');

const queued: JobView = {
  id: JOB_ID_EXAMPLE,
  tool: 'compress',
  state: 'queued',
  progress: { stage: 'queued', pagesDone: null, pagesTotal: null },
  notices: [],
  error: null,
  result: null,
  createdAt: CREATED_AT,
  expiresAt: null,
};

const body = (job: JobView): JobBody => ({ success: true, job });

/** A compression job, as the job API answers it: just created, running, and done. */
export const JOB_EXAMPLES = {
  queued: body(queued),
  running: body({ ...queued, state: 'running', progress: { ...queued.progress, stage: 'processing' } }),
  done: body({
    ...queued,
    state: 'done',
    progress: { ...queued.progress, stage: 'done' },
    result: {
      fileName: resultFileName('compress', ['report.pdf'], TOOLS.compress.output.mimeType),
      mimeType: TOOLS.compress.output.mimeType,
      bytes: 482113,
      report: { originalBytes: 1318604, outputBytes: 482113 },
    },
    expiresAt: new Date(ENDED_AT_MS + JOB_RETENTION_MS).toISOString(),
  }),
} as const satisfies Record<string, JobBody>;

/** One Server-Sent Event of a job's stream, as `GET /api/v1/jobs/{id}/events` writes it. */
export function formatJobEvent(answer: JobBody): string {
  return `event: job\ndata: ${JSON.stringify(answer)}\n\n`;
}
