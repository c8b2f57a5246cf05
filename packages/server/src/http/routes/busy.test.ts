import { readFile } from 'node:fs/promises';
import { corpusPath } from '@quire/corpus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipartOf, type TestApp } from '../../../test/test-app.ts';

// One worker and no queue: a second job while the first runs is refused at once.
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ size: 1, maxQueue: 0 });
});
afterAll(async () => {
  await testApp.close();
});

describe('a full server', () => {
  it('answers 503 SERVER_BUSY with Retry-After instead of piling jobs up', async () => {
    const form = new FormData();
    form.append(
      'file-0',
      new File([await readFile(corpusPath('pdf/pdfjs_freeculture-book_352p.pdf'))], 'a.pdf'),
    );
    form.append(
      'file-1',
      new File([await readFile(corpusPath('pdf/pysamples_geotopo-lecture-notes_117p.pdf'))], 'b.pdf'),
    );
    const request = await multipartOf(form);
    const responses = await Promise.all(
      [0, 1, 2].map(() => testApp.app.inject({ method: 'POST', url: '/api/pdf/merge', ...request })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses[0]).toBe(200);
    const busy = responses.filter((response) => response.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const response of busy) {
      expect(response.json()).toMatchObject({ success: false, error: { code: 'SERVER_BUSY' } });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});
