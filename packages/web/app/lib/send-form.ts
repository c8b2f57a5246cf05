/** How much of a request body the browser has sent; `total` is 0 when it cannot tell. */
export type UploadProgress = { readonly loaded: number; readonly total: number };

export type SendFormOptions = {
  readonly signal?: AbortSignal;
  /** Called as the body goes out (fetch cannot report this, which is why this uses XMLHttpRequest). */
  readonly onUploadProgress?: (progress: UploadProgress) => void;
  /** Called once when the whole body is sent: from then on the server is working. */
  readonly onUploaded?: () => void;
};

/** The answer to a form POST, whatever its status. */
export type FormAnswer = { readonly status: number; readonly headers: Headers; readonly blob: Blob };

/** The response headers of an XMLHttpRequest as a `Headers` object; malformed lines are skipped. */
export function parseResponseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      // A name or value Headers refuses: not one we read.
    }
  }
  return headers;
}

function abortError(): DOMException {
  return new DOMException('The request was cancelled.', 'AbortError');
}

/**
 * POSTs a form and resolves with the answer, reporting the upload on the way. Rejects with an `AbortError` when the
 * signal aborts (the request is cancelled, so the server stops the job) and with a `TypeError` when the network
 * fails, as fetch does.
 */
export function sendForm(url: string, body: FormData, options: SendFormOptions = {}): Promise<FormAnswer> {
  const { signal, onUploadProgress, onUploaded } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const request = new XMLHttpRequest();
    const onAbort = () => request.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);

    request.open('POST', url);
    request.responseType = 'blob';
    request.upload.addEventListener('progress', (event) =>
      onUploadProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 }),
    );
    request.upload.addEventListener('load', () => onUploaded?.());
    request.addEventListener('load', () => {
      settle();
      const blob = request.response instanceof Blob ? request.response : new Blob([]);
      resolve({
        status: request.status,
        headers: parseResponseHeaders(request.getAllResponseHeaders()),
        blob,
      });
    });
    request.addEventListener('error', () => {
      settle();
      reject(new TypeError('The request failed.'));
    });
    request.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    request.send(body);
  });
}
