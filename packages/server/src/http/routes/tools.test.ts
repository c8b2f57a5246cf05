import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { corpusEntry, corpusPath } from '@quire/corpus';
import { MAX_FILE_BYTES, MAX_MERGE_FILES, MAX_REQUEST_BYTES } from '@quire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  multipartOf,
  streamedUpload,
  waitForNoLeftovers,
  type TestApp,
} from '@quire/test-kit/test-app';

const SIX_PAGES = 'pdf/pdfbox_rotations-90-180-270_6p.pdf';
const FOUR_PAGES = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const PROTECTED = 'pdf/pysamples_encrypted_user-openpassword.pdf';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

async function fileOf(name: string, as = name.split('/').pop() ?? name): Promise<File> {
  return new File([await readFile(corpusPath(name))], as);
}

async function postMerge(entries: [string, string | File][]) {
  const form = new FormData();
  for (const [field, value] of entries) form.append(field, value);
  return testApp.app.inject({ method: 'POST', url: '/api/pdf/merge', ...(await multipartOf(form)) });
}

function expectError(
  response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  status: number,
  code: string,
) {
  expect(response.statusCode).toBe(status);
  // An error names the visitor's file at times: no cache keeps it.
  expect(response.headers['cache-control']).toBe('no-store');
  const body = response.json() as {
    success: boolean;
    error: { code: string; message: string; details: object };
  };
  expect(body).toMatchObject({ success: false, error: { code } });
  expect(typeof body.error.message).toBe('string');
  return body.error;
}

describe('POST /api/pdf/merge', () => {
  it('answers a PDF named after the first file with every page in order, and removes the uploads', async () => {
    const response = await postMerge([
      ['file-0', await fileOf(SIX_PAGES)],
      ['file-1', await fileOf(FOUR_PAGES)],
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="pdfbox_rotations-90-180-270_6p-merged.pdf"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const output = join(testApp.jobRoot, '..', 'merged.pdf');
    await writeFile(output, response.rawPayload);
    expect(Number(execFileSync('qpdf', ['--show-npages', output], { encoding: 'utf8' }))).toBe(10);
    expect(await waitForNoLeftovers(testApp)).toEqual([]);
  });

  it('opens a protected file with the password sent for it', async () => {
    const password = 'openpassword';
    expect(corpusEntry(PROTECTED).features).toContain(`user-password=${password}`);
    const response = await postMerge([
      ['file-0', await fileOf(SIX_PAGES)],
      ['file-1', await fileOf(PROTECTED)],
      ['password-1', password],
    ]);
    expect(response.statusCode).toBe(200);
  });

  it('asks for the password of a protected file, naming it (422 PASSWORD_REQUIRED)', async () => {
    const error = expectError(
      await postMerge([
        ['file-0', await fileOf(SIX_PAGES)],
        ['file-1', await fileOf(PROTECTED, 'contract.pdf')],
      ]),
      422,
      'PASSWORD_REQUIRED',
    );
    expect(error.details).toEqual({ fileIndex: 1, fileName: 'contract.pdf' });
  });

  it('says when a password is wrong (422 PASSWORD_INCORRECT)', async () => {
    expectError(
      await postMerge([
        ['file-0', await fileOf(PROTECTED)],
        ['password-0', 'guess'],
        ['file-1', await fileOf(SIX_PAGES)],
      ]),
      422,
      'PASSWORD_INCORRECT',
    );
  });

  it('refuses a Word file named .pdf from its bytes (415 INVALID_FILE_TYPE)', async () => {
    const docx = new File([await readFile(corpusPath('word/mammoth_tables.docx'))], 'looks-like.pdf');
    const error = expectError(
      await postMerge([
        ['file-0', await fileOf(SIX_PAGES)],
        ['file-1', docx],
      ]),
      415,
      'INVALID_FILE_TYPE',
    );
    expect(error.details).toMatchObject({ fileIndex: 1, fileName: 'looks-like.pdf', accepted: 'PDF' });
  });

  it('refuses a PNG named .pdf and a .docx (415)', async () => {
    for (const name of ['bad/pythondocx_png-renamed.pdf', 'word/mammoth_tables.docx']) {
      expectError(
        await postMerge([
          ['file-0', await fileOf(name)],
          ['file-1', await fileOf(SIX_PAGES)],
        ]),
        415,
        'INVALID_FILE_TYPE',
      );
    }
  });

  it('refuses an empty file (422 EMPTY_FILE)', async () => {
    expectError(
      await postMerge([
        ['file-0', await fileOf('bad/synthetic_zero-byte.pdf')],
        ['file-1', await fileOf(SIX_PAGES)],
      ]),
      422,
      'EMPTY_FILE',
    );
  });

  it('refuses a file damaged beyond repair, naming it (422 FILE_DAMAGED)', async () => {
    const error = expectError(
      await postMerge([
        ['file-0', await fileOf(SIX_PAGES)],
        ['file-1', await fileOf('bad/pysamples_4pages_truncated-at-12000-bytes.pdf', 'broken.pdf')],
      ]),
      422,
      'FILE_DAMAGED',
    );
    expect(error.details).toEqual({ fileIndex: 1, fileName: 'broken.pdf' });
  });

  it('repairs a file with a broken cross-reference table', async () => {
    const response = await postMerge([
      ['file-0', await fileOf('bad/qpdf_bad4_invalid-xref-syntax.pdf')],
      ['file-1', await fileOf(SIX_PAGES)],
    ]);
    expect(response.statusCode).toBe(200);
  });

  it('needs at least two files (400 TOO_FEW_FILES)', async () => {
    expectError(await postMerge([['file-0', await fileOf(SIX_PAGES)]]), 400, 'TOO_FEW_FILES');
    expectError(await postMerge([]), 400, 'TOO_FEW_FILES');
  });

  it(`takes at most ${MAX_MERGE_FILES} files (413 TOO_MANY_FILES)`, async () => {
    const file = await fileOf(FOUR_PAGES);
    const entries: [string, File][] = Array.from({ length: MAX_MERGE_FILES + 1 }, (_, index) => [
      `file-${index}`,
      file,
    ]);
    expectError(await postMerge(entries), 413, 'TOO_MANY_FILES');
  });

  it('refuses unknown, repeated or gapped file fields (400)', async () => {
    const file = await fileOf(FOUR_PAGES);
    expectError(
      await postMerge([
        ['file-0', file],
        ['document', file],
      ]),
      400,
      'INVALID_REQUEST',
    );
    expectError(
      await postMerge([
        ['file-0', file],
        ['file-0', file],
      ]),
      400,
      'INVALID_REQUEST',
    );
    expectError(
      await postMerge([
        ['file-0', file],
        ['file-2', file],
      ]),
      400,
      'INVALID_REQUEST',
    );
    expectError(
      await postMerge([
        ['file-0', file],
        ['file-1', file],
        ['__proto__', 'x'],
      ]),
      400,
      'INVALID_REQUEST',
    );
    expectError(
      await postMerge([
        ['file-0', file],
        ['file-1', file],
        ['colour', 'red'],
      ]),
      400,
      'INVALID_OPTIONS',
    );
  });

  it('refuses a body that is not multipart (415 NOT_MULTIPART)', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/pdf/merge',
      payload: { files: [] },
    });
    expectError(response, 415, 'NOT_MULTIPART');
  });

  it(`stops a file at ${MAX_FILE_BYTES} bytes while it streams (413 FILE_TOO_LARGE)`, async () => {
    const upload = streamedUpload([
      { name: 'file-0', head: '%PDF-1.7\n', size: MAX_FILE_BYTES + 1024 * 1024 },
    ]);
    const error = expectError(
      await testApp.app.inject({ method: 'POST', url: '/api/pdf/merge', ...upload }),
      413,
      'FILE_TOO_LARGE',
    );
    expect(error.details).toMatchObject({ fileIndex: 0, limitBytes: MAX_FILE_BYTES });
    expect(await waitForNoLeftovers(testApp)).toEqual([]);
  });

  it(`stops a request at ${MAX_REQUEST_BYTES} bytes in total (413 REQUEST_TOO_LARGE)`, async () => {
    const size = MAX_FILE_BYTES - 1024;
    const files = Array.from({ length: 6 }, (_, index) => ({
      name: `file-${index}`,
      head: '%PDF-1.7\n',
      size,
    }));
    const upload = streamedUpload(files);
    expectError(
      await testApp.app.inject({ method: 'POST', url: '/api/pdf/merge', ...upload }),
      413,
      'REQUEST_TOO_LARGE',
    );
    const declared = await testApp.app.inject({
      method: 'POST',
      url: '/api/pdf/merge',
      ...streamedUpload(files.slice(0, 1)),
      headers: { ...upload.headers, 'content-length': String(MAX_REQUEST_BYTES * 2) },
    });
    expectError(declared, 413, 'REQUEST_TOO_LARGE');
    expect(await waitForNoLeftovers(testApp)).toEqual([]);
  });

  it('refuses the wrong type as soon as the first bytes arrive', async () => {
    const upload = streamedUpload([{ name: 'file-0', head: '<html><script>', size: 50 * 1024 * 1024 }]);
    expectError(
      await testApp.app.inject({ method: 'POST', url: '/api/pdf/merge', ...upload }),
      415,
      'INVALID_FILE_TYPE',
    );
  });

  it('removes the uploads when the client goes away mid-upload', async () => {
    const address = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const url = new URL('/api/pdf/merge', address);
    const boundary = 'abort-boundary';
    const clientRequest = httpRequest(url, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(40 * 1024 * 1024),
      },
    });
    clientRequest.on('error', () => undefined);
    clientRequest.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file-0"; filename="a.pdf"\r\n\r\n%PDF-1.7\n`,
    );
    clientRequest.write(Buffer.alloc(4 * 1024 * 1024, 0x20));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await testApp.leftovers()).length).toBe(1);
    clientRequest.destroy();
    expect(await waitForNoLeftovers(testApp)).toEqual([]);
  });
});

describe('the API outside the tools', () => {
  it('answers unknown API paths with the error body (404 NOT_FOUND)', async () => {
    expectError(await testApp.app.inject({ method: 'GET', url: '/api/nope' }), 404, 'NOT_FOUND');
    expectError(await testApp.app.inject({ method: 'POST', url: '/api/pdf/nope' }), 404, 'NOT_FOUND');
  });

  it('reports health and readiness', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await testApp.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
