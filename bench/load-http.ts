// HTTP helpers of the load bench (bench/load.bench.ts): prebuilt multipart bodies, one-shot requests that read the
// whole answer, and a generated PDF of a chosen size. Loopback only: every URL comes from the server we started.
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';

export type Part =
  { name: string; value: string } | { name: string; fileName: string; contentType: string; data: Buffer };

export type Body = { body: Buffer; contentType: string };

/** The header the bench server believes (it runs with `QUIRE_TRUST_PROXY=127.0.0.1`) for who a request is from. */
export const VISITOR_HEADER = 'x-forwarded-for';
let visitors = 0;

/**
 * A new visitor's address (from 10.0.0.0/8, for the bench only): the server's fair share and rate limit count each
 * as a client of its own, as they would count the visitors of a public site behind a proxy.
 */
export function nextVisitor(): string {
  visitors += 1;
  return `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}`;
}

/** A multipart/form-data body built once, so that every request of a phase sends the same bytes. */
export function multipartBody(parts: readonly Part[]): Body {
  const boundary = `quire-load-${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
      continue;
    }
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\n` +
          `Content-Type: ${part.contentType}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export type Outcome = {
  /** HTTP status, or 0 when the request failed without an answer (reset, refused, client timeout). */
  status: number;
  /** From the start of the request to the last byte of the answer. */
  ms: number;
  /** The error body's code on a non-2xx answer, or the network error's code when there was no answer. */
  code: string | null;
  retryAfter: string | null;
  bytes: number;
};

/**
 * POSTs `body` on a new connection, as `visitor` (a new one by default), and reads the whole answer (or gives up when
 * `signal` aborts). Never rejects: failures come back as outcomes.
 */
export function post(
  url: string,
  body: Body,
  timeoutMs: number,
  visitor = nextVisitor(),
  signal?: AbortSignal,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = performance.now();
    const finish = (outcome: Omit<Outcome, 'ms'>) => resolve({ ...outcome, ms: performance.now() - started });
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': body.contentType,
          'content-length': String(body.body.length),
          [VISITOR_HEADER]: visitor,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        const isOk = (res.statusCode ?? 0) < 300;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (!isOk && bytes < 64 * 1024) chunks.push(chunk);
        });
        res.on('end', () =>
          finish({
            status: res.statusCode ?? 0,
            code: isOk ? null : readErrorCode(Buffer.concat(chunks)),
            retryAfter: headerValue(res.headers['retry-after']),
            bytes,
          }),
        );
        res.on('error', (error: NodeJS.ErrnoException) =>
          finish({ status: 0, code: error.code ?? 'RESPONSE_ERROR', retryAfter: null, bytes }),
        );
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish({ status: 0, code: error.code ?? 'REQUEST_ERROR', retryAfter: null, bytes: 0 }),
    );
    signal?.addEventListener(
      'abort',
      () => req.destroy(Object.assign(new Error('stopped'), { code: 'STOPPED' })),
      { once: true },
    );
    req.end(body.body);
  });
}

export function readErrorCode(body: Buffer): string | null {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { error?: { code?: unknown } };
    return typeof parsed.error?.code === 'string' ? parsed.error.code : 'NO_CODE';
  } catch {
    return 'NOT_JSON';
  }
}

export function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? null) : value;
}

/**
 * A valid one-page PDF of about `targetBytes`: the page's content stream is a white rectangle followed by comment
 * lines, so a tool reads a large file without drawing anything heavy.
 */
export function paddedPdf(targetBytes: number): Buffer {
  const line = '% quire load bench padding line, ignored by every PDF reader .......................\n';
  const drawing = '1 1 1 rg 0 0 612 792 re f\n';
  const padding = line.repeat(Math.max(0, Math.ceil((targetBytes - 600) / line.length)));
  const content = drawing + padding;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
