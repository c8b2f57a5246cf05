import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTextPdf } from '@quire/test-kit/hostile-pdfs';
import { createTestApp, multipartOfParts, type FormPart, type TestApp } from '@quire/test-kit/test-app';

// Issue 30, items 4 and 5: a result is named after its source file, in the tool's answer and in the job API's; a
// one-page PDF to JPG answers the JPG itself.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

async function post(url: string, ...parts: FormPart[]) {
  const reply = await testApp.app.inject({ method: 'POST', url, ...(await multipartOfParts(parts)) });
  expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
  return reply;
}

type JobView = { state: string; result: { fileName: string; mimeType: string; bytes: number } | null };

/** Runs a job through `POST /api/v1/jobs`; gives its view once done, and its result's answer. */
async function runJob(...parts: FormPart[]) {
  const created = await testApp.app.inject({
    method: 'POST',
    url: '/api/v1/jobs',
    ...(await multipartOfParts(parts)),
  });
  expect(created.statusCode, created.body).toBe(202);
  const { id } = (JSON.parse(created.body) as { job: { id: string } }).job;
  const viewOf = async () =>
    (
      JSON.parse((await testApp.app.inject({ method: 'GET', url: `/api/v1/jobs/${id}` })).body) as {
        job: JobView;
      }
    ).job;
  await expect.poll(async () => (await viewOf()).state, { timeout: 30_000 }).toBe('done');
  const view = await viewOf();
  const result = await testApp.app.inject({ method: 'GET', url: `/api/v1/jobs/${id}/result` });
  expect(result.statusCode).toBe(200);
  return { view, result };
}

const isJpeg = (bytes: Buffer) => bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));

describe('results named after their source', () => {
  it('names a compressed PDF after its file, in the tool’s answer and the job API’s view and download', async () => {
    const pdf = createTextPdf('compress me');
    const reply = await post('/api/pdf/compress', ['file', pdf, 'report-final.pdf'], ['quality', 'low']);
    expect(reply.headers['content-disposition']).toBe('attachment; filename="report-final-compressed.pdf"');

    const { view, result } = await runJob(['tool', 'compress'], ['file', pdf, 'report-final.pdf']);
    expect(view.result).toMatchObject({
      fileName: 'report-final-compressed.pdf',
      mimeType: 'application/pdf',
    });
    expect(result.headers['content-disposition']).toBe('attachment; filename="report-final-compressed.pdf"');
  });

  it('names a merge after its first file', async () => {
    const reply = await post(
      '/api/pdf/merge',
      ['file-0', createTextPdf('first'), 'b-first.pdf'],
      ['file-1', createTextPdf('second'), 'a-second.pdf'],
    );
    expect(reply.headers['content-disposition']).toBe('attachment; filename="b-first-merged.pdf"');
  });

  it('sends a name that is not ASCII in filename*, with an ASCII fallback', async () => {
    const reply = await post(
      '/api/pdf/rotate',
      ['file', createTextPdf('turn me'), 'Rapport été 報告.pdf'],
      ['angle', '90'],
    );
    expect(reply.headers['content-disposition']).toBe(
      `attachment; filename="Rapport ete __-rotated.pdf"; filename*=UTF-8''Rapport%20%C3%A9t%C3%A9%20%E5%A0%B1%E5%91%8A-rotated.pdf`,
    );
  });

  it('makes a hostile name safe: no folders, no Windows symbols or device names', async () => {
    const pdf = createTextPdf('hostile');
    const colon = await post('/api/pdf/compress', ['file', pdf, '../../x/a:b?.pdf']);
    expect(colon.headers['content-disposition']).toBe('attachment; filename="a_b_-compressed.pdf"');
    const device = await post('/api/pdf/to-jpg', ['file', pdf, 'nul.pdf'], ['quality', 'low']);
    expect(device.headers['content-disposition']).toBe('attachment; filename="_nul.jpg"');
    const notDevice = await post('/api/pdf/compress', ['file', pdf, 'CON.pdf']);
    expect(notDevice.headers['content-disposition']).toBe('attachment; filename="CON-compressed.pdf"');
  });
});

describe('PDF to JPG', () => {
  it('answers a one-page PDF with its JPG, named after the file', async () => {
    const pdf = createTextPdf('one page');
    const reply = await post('/api/pdf/to-jpg', ['file', pdf, 'poster.pdf'], ['quality', 'low']);
    expect(reply.headers['content-type']).toBe('image/jpeg');
    expect(reply.headers['content-disposition']).toBe('attachment; filename="poster.jpg"');
    expect(reply.headers['x-page-count']).toBe('1');
    expect(isJpeg(reply.rawPayload)).toBe(true);

    const { view, result } = await runJob(
      ['tool', 'pdf-to-jpg'],
      ['file', pdf, 'poster.pdf'],
      ['quality', 'low'],
    );
    expect(view.result).toMatchObject({ fileName: 'poster.jpg', mimeType: 'image/jpeg' });
    expect(result.headers['content-type']).toBe('image/jpeg');
    expect(result.headers['content-disposition']).toBe('attachment; filename="poster.jpg"');
    expect(isJpeg(result.rawPayload)).toBe(true);
  });

  it('answers more pages with a zip of JPGs named after the file and page, padded to the page count', async () => {
    const reply = await post(
      '/api/pdf/to-jpg',
      ['file', createTextPdf('ten pages', 10), 'slides.pdf'],
      ['quality', 'low'],
    );
    expect(reply.headers['content-type']).toBe('application/zip');
    expect(reply.headers['content-disposition']).toBe('attachment; filename="slides-jpg.zip"');
    const entries = unzipSync(reply.rawPayload);
    expect(Object.keys(entries)).toEqual(
      Array.from({ length: 10 }, (_, index) => `slides-p${String(index + 1).padStart(2, '0')}.jpg`),
    );
    expect(Object.values(entries).every((bytes) => isJpeg(Buffer.from(bytes)))).toBe(true);
  });
});
