import {
  doneJobView,
  isAppError,
  JOBS_PATH,
  queuedJobView,
  runningJobView,
  TOOLS,
  type JobBody,
} from '@quire/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runTool, type UploadProgress } from './api-client.ts';
import { parseResponseHeaders } from './send-form.ts';

/** A stand-in for the browser's XMLHttpRequest: records what is sent and lets a test play the network's part. */
class FakeRequest extends EventTarget {
  static last: FakeRequest | undefined;
  readonly upload = new EventTarget();
  method = '';
  url = '';
  body: unknown;
  responseType = '';
  response: unknown = null;
  status = 0;
  rawHeaders = '';
  isAborted = false;

  constructor() {
    super();
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.isAborted = true;
    this.dispatchEvent(new Event('abort'));
  }
  getAllResponseHeaders() {
    return this.rawHeaders;
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      Object.assign(new Event('progress'), { loaded, total, lengthComputable: total > 0 }),
    );
  }
  answer(status: number, body: string, rawHeaders = '') {
    this.upload.dispatchEvent(new Event('load'));
    Object.assign(this, { status, response: new Blob([body]), rawHeaders });
    this.dispatchEvent(new Event('load'));
  }
}

const original = globalThis.XMLHttpRequest;
beforeEach(() => {
  globalThis.XMLHttpRequest = FakeRequest as unknown as typeof XMLHttpRequest;
});
afterEach(() => {
  globalThis.XMLHttpRequest = original;
  FakeRequest.last = undefined;
  vi.unstubAllGlobals();
});

const pdf = (name: string) => new File([new Uint8Array(10)], name, { type: 'application/pdf' });

describe('runTool', () => {
  it('posts the job with the tool first, then the registry fields, and reports the upload', async () => {
    const progress: UploadProgress[] = [];
    let uploaded = 0;
    const running = runTool(TOOLS.merge, {
      files: [pdf('a.pdf'), pdf('b.pdf')],
      passwords: { 1: 'secret' },
      onUploadProgress: (event) => progress.push(event),
      onUploaded: () => (uploaded += 1),
    });
    const request = FakeRequest.last;
    if (!request) throw new Error('no request was sent');
    expect([request.method, request.url, request.responseType]).toEqual(['POST', JOBS_PATH, 'blob']);
    const body = request.body as FormData;
    expect([...body.keys()]).toEqual(['tool', 'password-1', 'file-0', 'file-1']);
    expect(body.get('tool')).toBe('merge');

    request.progress(50, 200);
    request.progress(200, 200);
    // A refusal of the job itself (its client's fair share) is the error of its body.
    const refusal = { code: 'TOO_MANY_JOBS', message: 'x', details: { retryAfterSeconds: 5 } };
    request.answer(429, JSON.stringify({ success: false, error: refusal }));
    await expect(running).rejects.toMatchObject({ code: 'TOO_MANY_JOBS' });
    expect(progress).toEqual([
      { loaded: 50, total: 200 },
      { loaded: 200, total: 200 },
    ]);
    expect(uploaded).toBe(1);
  });

  it('resolves with the result and the job’s last view, whose figures and notices the page shows', async () => {
    const queued = queuedJobView('5d41c0b7e2a94f3c8b6d1e0f9a7c2b34', 'compress');
    const done = doneJobView(
      runningJobView(queued),
      {
        file: { fileName: 'a-compressed.pdf', mimeType: 'application/pdf', bytes: 400 },
        report: {
          values: { originalBytes: 1000, outputBytes: 400 },
          notices: [{ code: 'FILE_REPAIRED', fileIndex: 0 }],
        },
        pagesTotal: null,
      },
      new Date(),
    );
    const asked: string[] = [];
    // The job's address answers its view (the events are not there: no EventSource here), its result the file, whose
    // headers say nothing the page reads.
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return url.endsWith('/result')
        ? new Response('%PDF-1.7 compressed', { headers: { 'content-type': 'application/pdf' } })
        : Response.json({ success: true, job: done } satisfies JobBody);
    });
    const running = runTool(TOOLS.compress, { files: [pdf('a.pdf')] });
    FakeRequest.last?.answer(202, JSON.stringify({ success: true, job: queued } satisfies JobBody));
    const { blob, job } = await running;
    expect(await blob.text()).toBe('%PDF-1.7 compressed');
    expect(job).toEqual(done);
    expect(job.result?.report).toEqual({ originalBytes: 1000, outputBytes: 400 });
    expect(asked).toEqual([`${JOBS_PATH}/${queued.id}`, `${JOBS_PATH}/${queued.id}/result`]);
  });

  it('rejects a non-2xx answer with the AppError of its body, or INTERNAL without one', async () => {
    const failing = runTool(TOOLS.merge, { files: [pdf('a.pdf')] });
    const error = { code: 'PASSWORD_REQUIRED', message: 'x', details: { fileIndex: 0 } };
    FakeRequest.last?.answer(422, JSON.stringify({ success: false, error }));
    const rejected: unknown = await failing.catch((reason: unknown) => reason);
    expect(isAppError(rejected) && [rejected.code, rejected.details.fileIndex]).toEqual([
      'PASSWORD_REQUIRED',
      0,
    ]);

    const bare = runTool(TOOLS.merge, { files: [pdf('a.pdf')] });
    FakeRequest.last?.answer(502, '<html>Bad gateway</html>');
    const internal: unknown = await bare.catch((reason: unknown) => reason);
    expect(isAppError(internal) && internal.code).toBe('INTERNAL');
  });

  it('cancels the request when the signal aborts', async () => {
    const controller = new AbortController();
    const running = runTool(TOOLS.merge, { files: [pdf('a.pdf')], signal: controller.signal });
    controller.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeRequest.last?.isAborted).toBe(true);
  });

  it('rejects with a TypeError when the network fails, as fetch does', async () => {
    const running = runTool(TOOLS.merge, { files: [pdf('a.pdf')] });
    FakeRequest.last?.dispatchEvent(new Event('error'));
    await expect(running).rejects.toBeInstanceOf(TypeError);
  });
});

describe('parseResponseHeaders', () => {
  it('reads every well-formed line and keeps colons in values', () => {
    const headers = parseResponseHeaders('date: Mon, 01 Jan 2024 10:00:00 GMT\r\n: nothing\r\nage: 1\r\n');
    expect(headers.get('date')).toBe('Mon, 01 Jan 2024 10:00:00 GMT');
    expect(headers.get('age')).toBe('1');
    expect([...headers.keys()]).toEqual(['age', 'date']);
  });
});
