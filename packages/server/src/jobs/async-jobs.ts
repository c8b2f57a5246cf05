import {
  AppError,
  JOB_RETENTION_MS,
  advanceProgress,
  doneJobView,
  endedJobView,
  isTerminalState,
  queuedJobView,
  runningJobView,
  type JobView,
  type ToolId,
  type WorkStage,
} from '@quire/shared';
import type { JobAnswer } from './job-answer.ts';

type Entry = {
  view: JobView;
  answer: (JobAnswer & { bytes: number }) | null;
  failure: AppError | null;
  cancel: AbortController;
  /** Removes the job's files and gives back its disk budget; called once, when the job goes. */
  dispose: () => Promise<void>;
  expiry: NodeJS.Timeout | null;
  /** The page count the op last reported, if it works page by page. */
  pagesTotal: number | null;
  listeners: Set<(view: JobView) => void>;
};

/**
 * The asynchronous jobs of this process, by id (the job store's, the only key to a job: whoever holds it may read,
 * fetch or cancel it). A job is queued, then running, then done, failed or cancelled; its listeners hear every
 * change. An ended job is kept for `JOB_RETENTION_MS`, then deleted with its files; fetching its result deletes it
 * at once, and so does `DELETE`.
 */
export class AsyncJobs {
  readonly #jobs = new Map<string, Entry>();
  readonly #retentionMs: number;

  constructor(retentionMs = JOB_RETENTION_MS) {
    this.#retentionMs = retentionMs;
  }

  get size(): number {
    return this.#jobs.size;
  }

  /** Registers the queued job `id`; `dispose` removes its files. Returns the signal that cancels its work. */
  create(id: string, tool: ToolId, dispose: () => Promise<void>): AbortSignal {
    const cancel = new AbortController();
    this.#jobs.set(id, {
      view: queuedJobView(id, tool),
      answer: null,
      failure: null,
      cancel,
      dispose,
      expiry: null,
      pagesTotal: null,
      listeners: new Set(),
    });
    return cancel.signal;
  }

  view(id: string): JobView | null {
    return this.#jobs.get(id)?.view ?? null;
  }

  /** The finished job's answer (the file and how to send it), or why there is none. */
  answerOf(id: string): { answer: JobAnswer } | { error: AppError } {
    const entry = this.#jobs.get(id);
    if (!entry) return { error: notFound() };
    if (entry.failure) return { error: entry.failure };
    if (!entry.answer) {
      return {
        error: new AppError('JOB_NOT_READY', 'The job is not done yet.', { state: entry.view.state }),
      };
    }
    return { answer: entry.answer };
  }

  /** The job really started on a worker (told once by its pool, however often it was sent back to wait). */
  started(id: string): void {
    if (this.#jobs.get(id)?.view.state !== 'queued') return;
    this.#change(id, runningJobView);
  }

  /** Where the running job stands, as its op reports it; never behind what was shown (`advanceProgress`). */
  progress(id: string, stage: WorkStage, pages: { done: number; total: number } | null): void {
    const entry = this.#jobs.get(id);
    if (entry?.view.state !== 'running') return;
    if (pages) entry.pagesTotal = pages.total;
    const next = { stage, pagesDone: pages?.done ?? null, pagesTotal: pages?.total ?? null };
    const progress = advanceProgress(entry.view.progress, next);
    if (progress !== entry.view.progress) this.#change(id, (view) => ({ ...view, progress }));
  }

  /** Keeps the job's answer until it is fetched or expires; false if the job was deleted meanwhile. */
  finished(id: string, answer: JobAnswer, bytes: number): boolean {
    const entry = this.#jobs.get(id);
    if (!entry) return false;
    entry.answer = { ...answer, bytes };
    // A finished job keeps its page count, as the op last reported it.
    const done = {
      file: { fileName: answer.fileName, mimeType: answer.mimeType, bytes },
      report: answer.report,
      pagesTotal: entry.pagesTotal,
    };
    this.#end(entry, (view, expiresAt) => doneJobView(view, done, expiresAt));
    return true;
  }

  failed(id: string, error: AppError): void {
    const entry = this.#jobs.get(id);
    if (!entry) return;
    entry.failure = error;
    this.#end(entry, (view, expiresAt) => endedJobView(view, 'failed', error.toJson().error, expiresAt));
  }

  /** Hears every change of the job until it ends; returns the function that stops listening. */
  subscribe(id: string, listener: (view: JobView) => void): () => void {
    const listeners = this.#jobs.get(id)?.listeners;
    listeners?.add(listener);
    return () => listeners?.delete(listener);
  }

  /** Cancels the job's work if it runs, tells its listeners, and deletes it with its files. */
  async delete(id: string): Promise<boolean> {
    const entry = this.#jobs.get(id);
    if (!entry) return false;
    this.#jobs.delete(id);
    if (entry.expiry) clearTimeout(entry.expiry);
    if (!isTerminalState(entry.view.state)) {
      entry.cancel.abort(new AppError('INVALID_REQUEST', 'The job was cancelled.'));
      this.#notify(entry, endedJobView(entry.view, 'cancelled', null, null));
    }
    entry.listeners.clear();
    await entry.dispose();
    return true;
  }

  /** Deletes every job (the server is closing). */
  async clear(): Promise<void> {
    await Promise.all([...this.#jobs.keys()].map((id) => this.delete(id)));
  }

  /** Ends the job with the view `end` makes of it, and deletes it after the retention time. */
  #end(entry: Entry, end: (view: JobView, expiresAt: Date) => JobView): void {
    entry.expiry = setTimeout(() => void this.delete(entry.view.id), this.#retentionMs);
    entry.expiry.unref();
    this.#change(entry.view.id, (view) => end(view, new Date(Date.now() + this.#retentionMs)));
  }

  #change(id: string, change: (view: JobView) => JobView): void {
    const entry = this.#jobs.get(id);
    if (!entry) return;
    entry.view = change(entry.view);
    this.#notify(entry, entry.view);
  }

  #notify(entry: Entry, view: JobView): void {
    for (const listener of entry.listeners) listener(view);
  }
}

export function notFound(): AppError {
  return new AppError('NOT_FOUND', 'There is no such job: it never existed, or it has been deleted.');
}
