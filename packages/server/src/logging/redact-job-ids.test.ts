import { describe, expect, it } from 'vitest';
import { createJobIdRedactor, redactJobIds } from './redact-job-ids.ts';

const ID = '3f9a0c1de2b44f6a8b7c9d0e1f2a3b4c';
const OTHER_ID = '0123456789abcdef0123456789abcdef';

describe('redactJobIds', () => {
  it('replaces a job id in a stack and in the job directory paths an engine failure names', () => {
    const stack = [
      `Error: ENOENT: no such file or directory, open '/tmp/quire-jobs/${ID}/attempt-1/page-3.png'`,
      '    at async open (node:internal/fs/promises:639:25)',
      `    at async renderPage (/tmp/quire-jobs/${ID}/input-0.pdf:12:3)`,
    ].join('\n');
    const redacted = redactJobIds(stack);
    expect(redacted).not.toContain(ID);
    const tags = [...redacted.matchAll(/job:([0-9a-f]{8})/g)].map((match) => match[1]);
    // The same id, the same tag: lines about one job still match each other.
    expect(tags).toHaveLength(2);
    expect(tags[0]).toBe(tags[1]);
    expect(redacted).toContain(`/tmp/quire-jobs/job:${tags[0]}/attempt-1/page-3.png`);
    // The rest of the stack is kept.
    expect(redacted).toContain('at async open (node:internal/fs/promises:639:25)');
  });

  it('replaces ids in URLs, in upper case, and glued to other hex digits, and leaves request ids alone', () => {
    const requestId = '6f1c2b9e-4d3a-4b8e-9f0a-1c2d3e4f5a6b';
    const line = JSON.stringify({
      reqId: requestId,
      req: { url: `/api/v1/jobs/${ID}/result` },
      msg: `deleted ${OTHER_ID.toUpperCase()} and /api/v1/jobs%2f${OTHER_ID}`,
    });
    const redacted = redactJobIds(line);
    expect(redacted).not.toMatch(/[0-9a-f]{32}/i);
    expect(redacted).toContain(requestId);
    expect(JSON.parse(redacted)).toMatchObject({
      req: { url: expect.stringMatching(/^\/api\/v1\/jobs\/job:[0-9a-f]{8}\/result$/) },
    });
  });

  it('gives different ids different tags, and each process its own tags (a per-process secret)', () => {
    const first = createJobIdRedactor(new Uint8Array(32).fill(1));
    const second = createJobIdRedactor(new Uint8Array(32).fill(2));
    expect(first(ID)).toMatch(/^job:[0-9a-f]{8}$/);
    expect(first(ID)).toBe(first(ID));
    expect(first(ID)).not.toBe(first(OTHER_ID));
    expect(first(ID)).not.toBe(second(ID));
    // Not a plain hash of the id that anyone could compute and compare.
    expect(first(ID)).not.toContain(ID.slice(0, 8));
  });

  it('leaves texts without ids as they are', () => {
    const text = 'worker exited during a job (code null, signal SIGKILL) after 1234567890 ms';
    expect(redactJobIds(text)).toBe(text);
  });
});
