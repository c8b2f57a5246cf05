import { TOOL_IDS, toolOfName, toolRouteName } from '@quire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTextPdf } from '@quire/test-kit/hostile-pdfs';
import { createTestApp, multipartOf, type TestApp } from '@quire/test-kit/test-app';

// Issue 30, item 8: a developer reading the API expects `tool` to be the name in `/api/pdf/<name>` (`to-jpg`); the
// registry id (`pdf-to-jpg`) is taken too, and the job says which tool it runs by its id.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

async function createJob(tool: string) {
  const form = new FormData();
  form.append('tool', tool);
  form.append('file', new File([new Uint8Array(createTextPdf('names'))], 'a.pdf'));
  return testApp.app.inject({ method: 'POST', url: '/api/v1/jobs', ...(await multipartOf(form)) });
}

describe('the tool field of POST /api/v1/jobs', () => {
  it('takes the name in the endpoint path as well as the id', async () => {
    for (const tool of ['to-jpg', 'pdf-to-jpg']) {
      const reply = await createJob(tool);
      expect(reply.statusCode, reply.body).toBe(202);
      expect(JSON.parse(reply.body)).toMatchObject({ job: { tool: 'pdf-to-jpg' } });
    }
  });

  it('still refuses a name that is neither, and lists the ids', async () => {
    const reply = await createJob('jpg');
    expect(reply.statusCode).toBe(400);
    expect(JSON.parse(reply.body)).toMatchObject({ error: { code: 'INVALID_OPTIONS' } });
  });

  it('maps every route name and every id to one tool', () => {
    for (const id of TOOL_IDS) {
      expect(toolOfName(id)).toBe(id);
      expect(toolOfName(toolRouteName(id))).toBe(id);
    }
    expect(new Set(TOOL_IDS.map(toolRouteName)).size).toBe(TOOL_IDS.length);
  });
});
