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
/** How long one try at a played-back job view may take (`routeNextJobView`): it is one short answer. */
const PLAYBACK_TRY_MS = 10_000;

/**
 * The answer to the page's next fetch of a job's result: the file, or the failed job's error. Waits on the job, not
 * on a clock: for the page to show the job at work (its progress, at most `REACTION_MS` after the call: an action
 * the page did not take), then for as long as it shows the job at work, however slow the machine (the server ends
 * every job within its tool's time limit, and the page then shows the error), then for the answer it fetched.
 */
export async function waitForJobResult(page: Page): Promise<Response> {
  const { traffic, stop } = watchJobTraffic(page);
  try {
    return await answerOfJob(page, traffic);
  } finally {
    stop();
  }
}

/** What `waitForJobResult` waits for; `jobTraffic`, the page's job requests, goes into the error if no answer comes. */
async function answerOfJob(page: Page, jobTraffic: readonly string[]): Promise<Response> {
  // The job's id, for a report on a job still at work long after (see `reportLongJobs`).
  const submitted = page
    .waitForResponse((response) => isJobSubmit(response.request()), { timeout: REACTION_MS })
    .then(async (response) => ((await response.json()) as JobBody).job.id)
    .catch(() => undefined);
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
  const stopReporting = reportLongJobs(page, submitted);
  try {
    await Promise.race([answered, progress.waitFor({ state: 'detached', timeout: 0 }).catch(() => true)]);
  } finally {
    stopReporting();
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      void page
        .getByTestId('job-error')
        .textContent({ timeout: 1000 })
        .catch(() => null)
        .then((shown) => {
          const said = 'the page showed its job ended but fetched no result';
          const seen = `it shows the error ${JSON.stringify(shown)}; its job requests: ${jobTraffic.join(', ')}`;
          reject(new Error(`${said}; ${seen}`));
        });
    }, REACTION_MS);
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** What the page's job requests come to from now on (`GET …/<id> 200`, `… failed: net::…`), for a report. */
function watchJobTraffic(page: Page): { traffic: string[]; stop: () => void } {
  const traffic: string[] = [];
  const name = (request: Request) =>
    `${request.method()} ${pathOf(request.url()).replace(/[0-9a-f]{32}/, '<id>')}`;
  const onResponse = (response: Response) => {
    if (pathOf(response.url()).startsWith(JOBS_PATH))
      traffic.push(`${name(response.request())} ${response.status()}`);
  };
  const onFailed = (request: Request) => {
    if (pathOf(request.url()).startsWith(JOBS_PATH))
      traffic.push(`${name(request)} failed: ${request.failure()?.errorText ?? ''}`);
  };
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  return {
    traffic,
    stop: () => {
      page.off('response', onResponse);
      page.off('requestfailed', onFailed);
    },
  };
}

/** How long a job may be shown at work before the test's log says what the server has to say of it. */
const LONG_JOB_MS = 45_000;

/**
 * While the page shows its job at work past `LONG_JOB_MS`, prints the server's view of the job (its state and
 * progress) and what the page shows, every `LONG_JOB_MS`: a test that then times out says whether the job was waiting,
 * working, or ended unseen by the page. Returns the function that stops it.
 */
function reportLongJobs(page: Page, submitted: Promise<string | undefined>): () => void {
  const started = Date.now();
  const report = async () => {
    const id = await submitted;
    const server = id
      ? await page.request
          .get(new URL(`${JOBS_PATH}/${id}`, page.url()).href)
          .then((response) => response.text())
          .catch((error: unknown) => String(error))
      : 'no job submitted';
    const shown = await page
      .getByTestId('progress')
      .textContent({ timeout: 1000 })
      .catch(() => null);
    console.warn(
      `a job shown at work for ${Math.round((Date.now() - started) / 1000)} s; the page shows ${JSON.stringify(shown)}; the server says ${server}`,
    );
  };
  const timer = setInterval(() => void report(), LONG_JOB_MS);
  return () => clearInterval(timer);
}

/** Runs `action` (a click that starts the tool) and resolves with the answer to the job's result. */
export async function runJobWith(page: Page, action: () => Promise<unknown>): Promise<Response> {
  const [response] = await Promise.all([waitForJobResult(page), action()]);
  return response;
}

/**
 * The server's view of a job, asked by the test's own HTTP client (Node's), each try within `PLAYBACK_TRY_MS`, three
 * tries. Not through the browser's route (`route.fetch`): in two full runs of the suite out of four, a played-back view
 * asked that way never answered, and the page showed its job waiting until the test timed out.
 */
async function fetchView(url: string): Promise<{ status: number; body: JobBody }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await fetch(url, {
        cache: 'no-store',
        signal: AbortSignal.timeout(PLAYBACK_TRY_MS),
      });
      return { status: response.status, body: (await response.json()) as JobBody };
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * Plays back the page's next job as done with `change` made to its last view (its tool's figures, its notices): the
 * job runs on the server and its views are the server's; only the one that says it is done is changed. Its event
 * stream is refused, as a proxy that buffers streams would have it, so the page follows the job by asking for it
 * (a view is one short answer, which the route fetches and changes; a stream held open through a route is not).
 * The page then fetches the real result, which deletes the job on the server.
 */
export async function routeNextJobView(page: Page, change: (view: JobView) => JobView): Promise<void> {
  let isPlayed = false;
  const isView = (url: URL) => JOB_PATH.test(url.pathname);
  const isEvents = (url: URL) => EVENTS_PATH.test(url.pathname);
  const unroute = async () => {
    await page.unroute(isView, onView);
    await page.unroute(isEvents, onEvents);
  };
  const onEvents = async (route: Route) => {
    await (isPlayed ? route.fallback() : route.abort('connectionfailed'));
  };
  const onView = async (route: Route) => {
    if (isPlayed || route.request().method() !== 'GET') {
      await route.fallback();
      return;
    }
    // A handler that throws leaves the page's request unanswered for ever (the page then shows its last view until
    // the test times out), so whatever fails here is refused at once, and said.
    try {
      await playBack(route);
    } catch (error) {
      console.warn(`a played-back job view failed: ${String(error)}`);
      await route.abort('failed').catch(() => undefined);
    }
  };
  const playBack = async (route: Route) => {
    const real = await fetchView(route.request().url());
    const isDone = real.status === 200 && real.body.job.state === 'done';
    isPlayed ||= isDone;
    await route.fulfill({
      status: real.status,
      contentType: 'application/json; charset=utf-8',
      headers: { 'cache-control': 'no-store' },
      body: JSON.stringify(isDone ? { ...real.body, job: change(real.body.job) } : real.body),
    });
    if (isPlayed) await unroute();
  };
  await page.route(isView, onView);
  await page.route(isEvents, onEvents);
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
