import { JOBS_PATH, type AppError, type JobBody, type JobView } from '@quire/shared';
import type { Page, Request, Response } from 'playwright-core';

// The web page runs every tool as a job of the asynchronous API: `POST /api/v1/jobs` (202 with the job), its
// events (or polling) until it ends, then `GET /api/v1/jobs/{id}/result`, which answers as the tool's own endpoint
// did (the file and its headers, or the failed job's error with its status). Cancel sends `DELETE` of the job.

const JOB_ID = '[0-9a-f]{32}';
const JOB_PATH = new RegExp(`^${JOBS_PATH}/${JOB_ID}$`);
const RESULT_PATH = new RegExp(`^${JOBS_PATH}/${JOB_ID}/result$`);

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

/** Names each played-back job's function in the page: a page keeps every function exposed to it until it closes. */
let playbacks = 0;

/**
 * Plays back the page's next job as done with `change` made to its last view (its tool's figures, its notices): the
 * job runs on the server and its views are the server's; only the one that says it is done is changed. Its event
 * stream fails at once, as behind a proxy that refuses streams, so the page follows the job by asking for it, and
 * the page's own `fetch` hands the view that says the job is done to `change` before the page reads it. The page
 * then fetches the real result, which deletes the job on the server.
 *
 * Done inside the page, not through Playwright's request routing: in four full runs (sessions 35 to 37) a routed view
 * now and then never reached the page, whose job then showed at work until the test timed out, with the job done on
 * the server and the route's handler never called.
 */
export async function routeNextJobView(page: Page, change: (view: JobView) => JobView): Promise<void> {
  playbacks += 1;
  const changeName = `quirePlayBack${playbacks}`;
  await page.exposeFunction(changeName, (view: JobView) => change(view));
  await page.evaluate(
    ({ jobsPath, changeName }) => {
      const viewPath = new RegExp(`^${jobsPath}/[0-9a-f]{32}$`);
      const pageFetch = window.fetch;
      const PageEventSource = window.EventSource;
      const changeView = (window as unknown as Record<string, (view: unknown) => Promise<unknown>>)[
        changeName
      ];
      const restore = () => {
        window.fetch = pageFetch;
        window.EventSource = PageEventSource;
      };
      /** A stream that fails as it opens; the page then asks for its job instead. */
      class RefusedEventSource extends EventTarget {
        readonly readyState = 2;
        constructor(readonly url: string) {
          super();
          setTimeout(() => this.dispatchEvent(new Event('error')), 0);
        }
        close(): void {}
      }
      window.EventSource = RefusedEventSource as unknown as typeof EventSource;
      window.fetch = async (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
        const response = await pageFetch(input, init);
        const isView = method.toUpperCase() === 'GET' && viewPath.test(new URL(url, location.href).pathname);
        if (!isView || !response.ok) return response;
        const body = (await response.json()) as { job: { state: string } };
        const isDone = body.job.state === 'done';
        if (isDone) restore();
        const job = isDone ? await changeView?.(body.job) : body.job;
        return new Response(JSON.stringify({ ...body, job }), {
          status: response.status,
          headers: { 'content-type': 'application/json; charset=utf-8' },
        });
      };
    },
    { jobsPath: JOBS_PATH, changeName },
  );
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
