import { JOBS_PATH, type AppError, type JobBody, type JobView } from '@quire/shared';
import type { Page, Request, Response, Route } from 'playwright-core';

// The web page runs every tool as a job of the asynchronous API: `POST /api/v1/jobs` (202 with the job), its
// events (or polling) until it ends, then `GET /api/v1/jobs/{id}/result`, which answers as the tool's own endpoint
// did (the file and its headers, or the failed job's error with its status). Cancel sends `DELETE` of the job.

const JOB_ID = '[0-9a-f]{32}';
const JOB_PATH = new RegExp(`^${JOBS_PATH}/${JOB_ID}$`);
const RESULT_PATH = new RegExp(`^${JOBS_PATH}/${JOB_ID}/result$`);
const EVENTS_PATH = new RegExp(`^${JOBS_PATH}/${JOB_ID}/events$`);

function pathOf(url: string): string {
  return new URL(url).pathname;
}

/** Whether `url` is a job's result (`/api/v1/jobs/<32 hex>/result`). */
export function isJobResult(url: string): boolean {
  return RESULT_PATH.test(pathOf(url));
}

/** Whether the request submits a job (`POST /api/v1/jobs`). */
export function isJobSubmit(request: Request): boolean {
  return request.method() === 'POST' && pathOf(request.url()) === JOBS_PATH;
}

/** Whether the request cancels a job (`DELETE /api/v1/jobs/<32 hex>`). */
export function isJobCancel(request: Request): boolean {
  return request.method() === 'DELETE' && JOB_PATH.test(pathOf(request.url()));
}

/** How long the page may take to react: to show a job it was asked to start, to fetch the result of one it ended. */
const REACTION_MS = 30_000;

/**
 * The answer to the page's next fetch of a job's result: the file, or the failed job's error. Waits on the job, not
 * on a clock: for the page to show the job at work (its progress, at most `REACTION_MS` after the call: an action
 * the page did not take), then for as long as it shows the job at work, however slow the machine (the server ends
 * every job within its tool's time limit, and the page then shows the error), then for the answer it fetched.
 */
export async function waitForJobResult(page: Page): Promise<Response> {
  const answer = page.waitForResponse((response) => isJobResult(response.url()), { timeout: 0 });
  // Seen by the races below; a rejection (the page closed) is the caller's, through the last one.
  const answered = answer.then(
    () => true,
    () => true,
  );
  const progress = page.getByTestId('progress');
  const shown = progress.waitFor({ state: 'attached', timeout: REACTION_MS });
  // Handled by the race when it matters; once the answer has come, a late failure of this wait is no one's.
  shown.catch(() => undefined);
  // A quick job may be done before its progress is seen.
  await Promise.race([answered, shown]);
  await Promise.race([answered, progress.waitFor({ state: 'detached', timeout: 0 }).catch(() => true)]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error('the page showed its job ended but fetched no result')),
      REACTION_MS,
    );
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `action` (a click that starts the tool) and resolves with the answer to the job's result. */
export async function runJobWith(page: Page, action: () => Promise<unknown>): Promise<Response> {
  const [response] = await Promise.all([waitForJobResult(page), action()]);
  return response;
}

/**
 * Plays back the page's next job as done with `change` made to its last view (its tool's figures, its notices): the
 * job runs on the server, its views and events are the server's, and only the one that says it is done is changed,
 * in its events or as asked for. The page then fetches the real result, which deletes the job on the server.
 */
export async function routeNextJobView(page: Page, change: (view: JobView) => JobView): Promise<void> {
  let isPlayed = false;
  const played = (body: JobBody): JobBody => {
    if (body.job.state !== 'done') return body;
    isPlayed = true;
    return { ...body, job: change(body.job) };
  };
  const isView = (url: URL) => JOB_PATH.test(url.pathname);
  const isEvents = (url: URL) => EVENTS_PATH.test(url.pathname);
  const handler = async (route: Route) => {
    if (isPlayed || route.request().method() !== 'GET') {
      await route.fallback();
      return;
    }
    // The events end with the job: the whole stream is read, then given with its done event changed.
    const real = await route.fetch({ timeout: 0 });
    const text = await real.text();
    const body = isEvents(new URL(route.request().url()))
      ? text.replace(
          /^data: (.*)$/gm,
          (_line, json: string) => `data: ${JSON.stringify(played(JSON.parse(json) as JobBody))}`,
        )
      : JSON.stringify(played(JSON.parse(text) as JobBody));
    const { 'content-length': _length, 'content-encoding': _encoding, ...headers } = real.headers();
    await route.fulfill({ status: real.status(), headers, body });
    if (isPlayed) {
      await page.unroute(isView, handler);
      await page.unroute(isEvents, handler);
    }
  };
  await page.route(isView, handler);
  await page.route(isEvents, handler);
}

/**
 * Refuses every job the page submits, as the server does (a full lane, a client with too many jobs waiting): the
 * error's status and body, and `Retry-After` when its details say how long to wait. No job is created.
 */
export async function refuseJobs(page: Page, error: AppError): Promise<void> {
  const retryAfter = error.details.retryAfterSeconds;
  await page.route(`**${JOBS_PATH}`, (route) =>
    isJobSubmit(route.request())
      ? route.fulfill({
          status: error.httpStatus,
          contentType: 'application/json',
          headers: typeof retryAfter === 'number' ? { 'retry-after': String(retryAfter) } : {},
          body: JSON.stringify(error.toJson()),
        })
      : route.fallback(),
  );
}

/** Holds every job the page submits unanswered: the upload never ends, so the job is running whenever asked. */
export async function stallJobSubmits(page: Page): Promise<void> {
  await page.route(`**${JOBS_PATH}`, (route) =>
    isJobSubmit(route.request()) ? undefined : route.fallback(),
  );
}
