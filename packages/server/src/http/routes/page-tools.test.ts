import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { unzipSync } from 'fflate';
import { MAX_FIELD_BYTES, MAX_LAYOUT_BYTES } from '@quire/shared';
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

describe('POST /api/pdf/organize', () => {
  async function organize(fields: Record<string, string>, files: string[] = [PAPER]) {
    const form = new FormData();
    for (const [index, name] of files.entries())
      form.append(`file-${index}`, new File([await readFile(corpusPath(name))], `file-${index}.pdf`));
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return testApp.app.inject({ method: 'POST', url: '/api/pdf/organize', ...(await multipartOf(form)) });
  }

  it('answers one PDF of the layout, a layout longer than other fields may be', async () => {
    // 150 items: every page of the paper ten times over, the last first, and ten blank pages.
    const layout = Array.from({ length: 150 }, (_, index) =>
      index % 15 === 14 ? { blank: 'previous' } : { file: 0, page: 14 - (index % 15), rotate: 90 },
    );
    const text = JSON.stringify(layout, null, 1);
    expect(Buffer.byteLength(text)).toBeGreaterThan(MAX_FIELD_BYTES);
    const response = await organize({ layout: text });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="file-0-organized.pdf"');
    expect(response.headers['x-page-count']).toBe('150');
    const output = join(testApp.jobRoot, '..', 'organized.pdf');
    await writeFile(output, response.rawPayload);
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '15', output], { encoding: 'utf8' });
    expect(/^Pages:\s+150$/m.test(info)).toBe(true);
    expect([...info.matchAll(/rot:\s+(\d+)/g)].map((match) => match[1])).toEqual([
      ...Array<string>(14).fill('90'),
      '0',
    ]);
  });

  it('names the item of a page past its file’s end (400 INVALID_LAYOUT, the error body of every refusal)', async () => {
    const layout = '[{"file": 0, "page": 1}, {"blank": "a4"}, {"file": 1, "page": 12}]';
    const response = await organize({ layout }, [PAPER, 'pdf/pdfbox_rotations-90-180-270_6p.pdf']);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: {
        code: 'INVALID_LAYOUT',
        message: 'layout item 3: page 12 is past the end of file 1 (6 pages).',
        details: {
          reason: 'pageOutOfRange',
          item: 3,
          fileIndex: 1,
          fileName: 'file-1.pdf',
          page: 12,
          pageCount: 6,
        },
      },
    });
  });

  it('refuses a layout that is no list of pages, or an empty one (400 INVALID_LAYOUT), and none (INVALID_OPTIONS)', async () => {
    const refusals: [Record<string, string>, string, Record<string, unknown>][] = [
      [{ layout: '[]' }, 'INVALID_LAYOUT', { reason: 'empty' }],
      [{ layout: '[{"file": 0, "page": 1}' }, 'INVALID_LAYOUT', { reason: 'notJson' }],
      [{ layout: '[{"file": 0, "page": 2, "rotate": 45}]' }, 'INVALID_LAYOUT', { reason: 'rotate', item: 1 }],
      [{}, 'INVALID_OPTIONS', { option: 'layout' }],
    ];
    for (const [fields, code, details] of refusals) {
      const response = await organize(fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code, details } });
    }
  });

  it('holds the layout to its own limit, and other fields to theirs (413 REQUEST_TOO_LARGE)', async () => {
    const long = await organize({ layout: `[${' '.repeat(MAX_LAYOUT_BYTES)}]` });
    expect(long.statusCode).toBe(413);
    expect(long.json()).toMatchObject({
      error: { code: 'REQUEST_TOO_LARGE', details: { limitBytes: MAX_LAYOUT_BYTES } },
    });
    const password = await organize({
      layout: '[{"file": 0, "page": 1}]',
      'password-0': 'x'.repeat(MAX_FIELD_BYTES + 1),
    });
    expect(password.statusCode).toBe(413);
    expect(password.json()).toMatchObject({
      error: { code: 'REQUEST_TOO_LARGE', details: { limitBytes: MAX_FIELD_BYTES } },
    });
  });
});
