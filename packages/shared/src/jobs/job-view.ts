import type { ErrorBody } from '../errors/app-error.ts';
import type { JobReport, Notice, ToolReports } from '../reports/job-report.ts';
import type { ToolId } from '../tools/tool-ids.ts';

/** How long an ended job, and its result, is kept for its client to fetch: then it is deleted unread. */
export const JOB_RETENTION_MS = 10 * 60_000;

/** The path of the asynchronous job API; a job is at `${JOBS_PATH}/{id}`. */
export const JOBS_PATH = '/api/v1/jobs';

/** The multipart field naming the tool of an asynchronous job; it must come before the tool's fields and files. */
export const TOOL_FIELD = 'tool';

export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * Where a job stands, finer than its state: waiting in its lane's queue, then reading its input, then processing
 * (pages counted where the tool works page by page), then writing the result; and how it ended.
 */
export const JOB_STAGES = [
  'queued',
  'reading',
  'processing',
  'writing',
  'done',
  'failed',
  'cancelled',
] as const;
export type JobStage = (typeof JOB_STAGES)[number];

/** A running job's stages (what an engine op reports). */
export type WorkStage = Extract<JobStage, 'reading' | 'processing' | 'writing'>;

export type JobProgress = {
  readonly stage: JobStage;
  /** Pages done of `pagesTotal` while processing, for tools that work page by page; null otherwise. */
  readonly pagesDone: number | null;
  readonly pagesTotal: number | null;
};

/**
 * What `GET /api/v1/jobs/{id}` and each of its events say of a job. Of the visitor's files only the result's name,
 * made from the first one (`resultFileName`), once the job is done: its id is the only key to it.
 */
export type JobView = {
  /** 128 random bits in hex: the only key to the job. */
  readonly id: string;
  readonly tool: ToolId;
  readonly state: JobState;
  readonly progress: JobProgress;
  readonly notices: readonly Notice[];
  readonly error: ErrorBody['error'] | null;
  /** What the job made, once it is done. */
  readonly result: JobResultView | null;
  readonly createdAt: string;
  /** When an ended job is deleted if its result is not fetched first; null while it is queued or running. */
  readonly expiresAt: string | null;
};

/**
 * A done job's result: its name (after the first file: `report-compressed.pdf`), type (PDF to JPG of one page:
 * `image/jpeg`) and size, the name and type its download is sent with; and its tool's figures about it.
 */
export type JobResultView = {
  readonly fileName: string;
  readonly mimeType: string;
  readonly bytes: number;
  /**
   * The figures of the job's tool (`ToolReports[view.tool]`, read typed with `jobReportOf`): the facts its answer's
   * report headers give, as JSON.
   */
  readonly report: ToolReports[ToolId];
};

export type JobBody = { readonly success: true; readonly job: JobView };

const TERMINAL: ReadonlySet<JobState> = new Set(['done', 'failed', 'cancelled']);

export function isTerminalState(state: JobState): boolean {
  return TERMINAL.has(state);
}

/** The figures of a done job of `tool`; null while it is not done, or when it is another tool's job. */
export function jobReportOf<T extends ToolId>(view: JobView, tool: T): ToolReports[T] | null {
  if (view.tool !== tool || view.state !== 'done' || !view.result) return null;
  // A view's report is its own tool's (`doneJobView` takes it from its tool's op).
  return view.result.report as ToolReports[T];
}

/** How far along each stage is: a job goes through them in this order. */
const STAGE_RANKS: Readonly<Record<JobStage, number>> = {
  queued: 0,
  reading: 1,
  processing: 2,
  writing: 3,
  done: 4,
  failed: 4,
  cancelled: 4,
};

/** The share of the pages done, or null where no pages are counted. */
function pageShareOf(progress: JobProgress): number | null {
  const { pagesDone, pagesTotal } = progress;
  return pagesDone !== null && pagesTotal !== null && pagesTotal > 0 ? pagesDone / pagesTotal : null;
}

/**
 * The progress to show once `next` is reported, where `shown` is shown: `next`, unless it would show less of the
 * job done (an earlier stage, or a smaller share of the pages, or no count in place of one), in which case `shown`
 * stays. Progress only moves forward: a job that starts its work again (its worker lost, its long work deferred)
 * keeps what it had reached until it passes it.
 */
export function advanceProgress(shown: JobProgress, next: JobProgress): JobProgress {
  const rankShown = STAGE_RANKS[shown.stage];
  const rankNext = STAGE_RANKS[next.stage];
  if (rankNext !== rankShown) return rankNext > rankShown ? next : shown;
  const shareShown = pageShareOf(shown);
  if (shareShown === null) return next;
  const shareNext = pageShareOf(next);
  return shareNext !== null && shareNext >= shareShown ? next : shown;
}

/** A job's view as it is created: queued, nothing done, nothing to say yet. */
export function queuedJobView(id: string, tool: ToolId, createdAt = new Date()): JobView {
  return {
    id,
    tool,
    state: 'queued',
    progress: { stage: 'queued', pagesDone: null, pagesTotal: null },
    notices: [],
    error: null,
    result: null,
    createdAt: createdAt.toISOString(),
    expiresAt: null,
  };
}

/** A job's view as a worker takes it: running, reading its input. */
export function runningJobView(view: JobView): JobView {
  return { ...view, state: 'running', progress: { stage: 'reading', pagesDone: null, pagesTotal: null } };
}

/**
 * A job's view once done: its result with its tool's figures, what the op noticed, and its pages as the op last
 * counted them (null when it does not count pages); deleted at `expiresAt` unless fetched first.
 */
export function doneJobView(
  view: JobView,
  done: {
    file: Omit<JobResultView, 'report'>;
    report: JobReport;
    pagesTotal: number | null;
  },
  expiresAt: Date,
): JobView {
  const { file, report, pagesTotal } = done;
  return {
    ...view,
    state: 'done',
    progress: { stage: 'done', pagesDone: pagesTotal, pagesTotal },
    notices: report.notices,
    result: { ...file, report: report.values },
    expiresAt: expiresAt.toISOString(),
  };
}

/** A job's view once it failed (`failed`) or was stopped (`cancelled`), kept until `expiresAt`. */
export function endedJobView(
  view: JobView,
  state: 'failed' | 'cancelled',
  error: ErrorBody['error'] | null,
  expiresAt: Date | null,
): JobView {
  return {
    ...view,
    state,
    progress: { stage: state, pagesDone: null, pagesTotal: null },
    error,
    expiresAt: expiresAt?.toISOString() ?? view.expiresAt,
  };
}
