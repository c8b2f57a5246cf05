import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipartOf, waitForNoLeftovers, type TestApp } from '@quire/test-kit/test-app';

// Watermark's upload: a PDF, and a picture in a field of its own (`image`) instead of its `text` (the registry's
// `extraFile`), read, checked and handed to the op by the server.

const SIX_PAGES = 'pdf/pdfbox_rotations-90-180-270_6p.pdf';
const PNG = 'images/docxjs_tux_png-rgba-alpha.png';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

async function fileOf(name: string): Promise<File> {
  return new File([await readFile(corpusPath(name))], name.split('/').pop() ?? name);
}

async function postWatermark(entries: [string, string | File][]) {
  const form = new FormData();
  for (const [field, value] of entries) form.append(field, value);
  return testApp.app.inject({ method: 'POST', url: '/api/pdf/watermark', ...(await multipartOf(form)) });
}

function errorOf(response: { statusCode: number; json: () => unknown }) {
  return { status: response.statusCode, ...(response.json() as { error: object }).error };
}

describe('POST /api/pdf/watermark', () => {
  it('draws the picture sent as `image` on the pages listed', async () => {
    const response = await postWatermark([
      ['file', await fileOf(SIX_PAGES)],
      ['image', await fileOf(PNG)],
      ['pages', '2, 4'],
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-pages-watermarked']).toBe('2');
    const output = join(testApp.jobRoot, '..', 'watermarked.pdf');
    await writeFile(output, response.rawPayload);
    // Each picture listed with its page: the PNG's colours and its transparency mask, on pages 2 and 4.
    const pages = execFileSync('pdfimages', ['-list', output], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .flatMap((line) => /^\s*(\d+)\s+\d+\s+(image|smask)\s/.exec(line)?.[1] ?? []);
    expect(pages).toEqual(['2', '2', '4', '4']);
    expect(await waitForNoLeftovers(testApp)).toEqual([]);
  });

  it.each([
    ['both', [['text', 'Draft']]],
    ['neither', []],
  ] as const)('refuses %s of a text and a picture before any work', async (reason, text) => {
    const response = await postWatermark([
      ['file', await fileOf(SIX_PAGES)],
      ...(reason === 'both' ? [['image', await fileOf(PNG)] as [string, File]] : []),
      ...text.map(([name, value]) => [name, value] as [string, string]),
    ]);
    expect(errorOf(response)).toMatchObject({
      status: 400,
      code: 'TEXT_OR_IMAGE_REQUIRED',
      details: { reason },
    });
    expect(await waitForNoLeftovers(testApp)).toEqual([]);
  });

  it('holds the picture to its own kinds: a PDF sent as `image` is refused, naming it', async () => {
    const response = await postWatermark([
      ['file', await fileOf(SIX_PAGES)],
      ['image', await fileOf(SIX_PAGES)],
    ]);
    expect(errorOf(response)).toMatchObject({
      status: 415,
      code: 'INVALID_FILE_TYPE',
      details: { fileIndex: 1, fileName: 'pdfbox_rotations-90-180-270_6p.pdf' },
    });
    expect(await waitForNoLeftovers(testApp)).toEqual([]);
  });

  it('takes one picture at most: a second is one file too many', async () => {
    const response = await postWatermark([
      ['file', await fileOf(SIX_PAGES)],
      ['image', await fileOf(PNG)],
      ['image', await fileOf(PNG)],
    ]);
    expect(errorOf(response)).toMatchObject({ status: 413, code: 'TOO_MANY_FILES' });
    expect(await waitForNoLeftovers(testApp)).toEqual([]);
  });
});
