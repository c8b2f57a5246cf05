import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JOBS_PATH, TOOL_FIELD, type ErrorBody } from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { writePdf } from '@quire/test-kit/hostile-pdfs';
import { multipartOf } from '@quire/test-kit/test-app';

// What the tests of the clients' shares (issue 29, item 4) share: a PDF of a chosen size whose rotated copy is as
// large, jobs of the job API sent as the site sends them, and event streams held open over a real socket.

const KIBIBYTE = 1024;

/**
 * A one-page PDF of about `kibibytes`, almost all of it one grey image of random pixels stored unfiltered: qpdf's
 * rotated copy compresses it without making it smaller, so the result is as large as the upload.
 */
export function createHeavyPdf(kibibytes: number): Buffer {
  const side = Math.ceil(Math.sqrt(kibibytes * KIBIBYTE));
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>',
    { dict: '<< >>', stream: Buffer.from('q 612 0 0 792 0 0 cm /Im1 Do Q') },
    {
      dict: `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 >>`,
      stream: randomBytes(side * side),
    },
  ]);
}

export type JobBody = { success: boolean; job: { id: string; state: string } };

/** `POST /api/v1/jobs` of a rotate, from `remoteAddress` and with `headers` (an API key, say). */
export async function submitRotate(
  app: FastifyInstance,
  pdf: Uint8Array,
  { remoteAddress, headers = {} }: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  const form = new FormData();
  form.append(TOOL_FIELD, 'rotate');
  form.append('file', new File([new Uint8Array(pdf)], 'heavy.pdf'));
  form.append('angle', '90');
  const body = await multipartOf(form);
  return app.inject({
    method: 'POST',
    url: JOBS_PATH,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** The job of a 202 answer. */
export function jobOf(reply: { statusCode: number; body: string }): JobBody['job'] {
  expect(reply.statusCode, reply.body).toBe(202);
  return (JSON.parse(reply.body) as JobBody).job;
}

/** Waits until the job is in `state` (or gone: `404`). */
export async function waitForState(app: FastifyInstance, id: string, state: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const reply = await app.inject({ method: 'GET', url: `${JOBS_PATH}/${id}` });
        return reply.statusCode === 404 ? '404' : (JSON.parse(reply.body) as JobBody).job.state;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(state);
}

/** Checks a refusal for a share: 429, `Retry-After`, the A.6 body with its code and `details.share`. */
export function expectShareRefusal(
  reply: { statusCode: number; body: string; headers: Record<string, unknown> },
  code: string,
  share: string,
): ErrorBody['error'] {
  expect(reply.statusCode, reply.body).toBe(429);
  expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
  const body = JSON.parse(reply.body) as ErrorBody;
  expect(body).toMatchObject({ success: false, error: { code, details: { share } } });
  expect(body.error.message).toMatch(/\S/);
  return body.error;
}

/** The address of an app listening on loopback. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export type OpenStream = {
  status: number;
  headers: IncomingMessage['headers'];
  /** The body, for an answer that is not a stream (a refusal). */
  text: () => Promise<string>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Whether the stream has not ended yet (for a wait that names what it waits on, rather than a silent hang). */
  isOpen: () => boolean;
  /** The client leaves: the connection is closed. */
  close: () => void;
};

/** Opens `GET /api/v1/jobs/{id}/events` and resolves once the answer's headers have arrived; the stream stays open. */
export function openStream(
  origin: string,
  id: string,
  headers: Record<string, string> = {},
): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${origin}${JOBS_PATH}/${id}/events`, { headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      // The test's own close cuts the answer short: that is no failure.
      response.on('error', () => undefined);
      response.on('data', (chunk: string) => (text += chunk));
      let isOpen = true;
      const ended = new Promise<void>((done) => {
        response.once('end', () => done());
        response.once('close', () => done());
      }).then(() => {
        isOpen = false;
      });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        text: async () => {
          await ended;
          return text;
        },
        ended,
        isOpen: () => isOpen,
        close: () => request.destroy(),
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      // A connection the test closed itself is no failure.
      if (error.code !== 'ECONNRESET') reject(error);
    });
    request.end();
  });
}

/** Opens a stream and expects a refusal for the streams share. */
export async function expectStreamRefused(origin: string, id: string): Promise<void> {
  const refused = await openStream(origin, id);
  expectShareRefusal(
    { statusCode: refused.status, body: await refused.text(), headers: refused.headers },
    'TOO_MANY_STREAMS',
    'streams',
  );
}
