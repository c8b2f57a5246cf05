import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipartOf, type TestApp } from '@quire/test-kit/test-app';

const PAPER = 'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

async function post(url: string, fields: Record<string, string>, fileName = 'report.pdf') {
  const form = new FormData();
  form.append('file', new File([await readFile(corpusPath(PAPER))], fileName));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return testApp.app.inject({ method: 'POST', url, ...(await multipartOf(form)) });
}

describe('POST /api/pdf/split', () => {
  it('answers a zip named after the file with one PDF per range item', async () => {
    const response = await post('/api/pdf/split', {
      mode: 'range',
      pageRange: ' 1-5, 10-15 '.replace('15', '14'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="report-split.zip"');
    expect(Object.keys(unzipSync(response.rawPayload))).toEqual(['report-p01-05.pdf', 'report-p10-14.pdf']);
  });

  it('names the wrong item of a page range (400 INVALID_PAGE_RANGE)', async () => {
    const response = await post('/api/pdf/split', { mode: 'range', pageRange: '1-3, 12-20' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: {
        code: 'INVALID_PAGE_RANGE',
        message: '"12-20": the document has 14 pages.',
        details: { item: '12-20', reason: 'outOfRange', pageCount: 14 },
      },
    });
  });

  it('needs a range in range mode, and a known mode (400 INVALID_OPTIONS)', async () => {
    expect((await post('/api/pdf/split', { mode: 'range' })).json()).toMatchObject({
      error: { code: 'INVALID_OPTIONS' },
    });
    expect((await post('/api/pdf/split', { mode: 'chapters' })).json()).toMatchObject({
      error: { code: 'INVALID_OPTIONS' },
    });
  });
});

describe('POST /api/pdf/rotate', () => {
  it('answers the PDF, named after the file, with the listed pages turned', async () => {
    const response = await post('/api/pdf/rotate', { angle: '180', pages: '2' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="report-rotated.pdf"');
    const output = join(testApp.jobRoot, '..', 'rotated.pdf');
    await writeFile(output, response.rawPayload);
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '3', output], { encoding: 'utf8' });
    expect([...info.matchAll(/rot:\s+(\d+)/g)].map((match) => match[1])).toEqual(['0', '180', '0']);
  });

  it('needs an angle of 90, 180 or 270 (400 INVALID_OPTIONS)', async () => {
    const attempts: Record<string, string>[] = [{}, { angle: '45' }];
    for (const fields of attempts) {
      const response = await post('/api/pdf/rotate', fields);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'INVALID_OPTIONS', details: { option: 'angle' } },
      });
    }
  });
});
