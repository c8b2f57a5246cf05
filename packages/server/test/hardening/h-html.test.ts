import { createSocket } from 'node:dgram';
import type { ErrorCode } from '@quire/shared';
import {
  createZip,
  networkProbePage,
  redirectingFrame,
  startCanary,
  zipBomb,
  zipWithManyEntries,
  zipWithSymlink,
  type Canary,
} from '@quire/test-kit/hostile-html';
import { createTestApp, type TestApp } from '@quire/test-kit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOutput, expectRefusal, expectStillServing, postTool } from './harness.ts';
import { pdfTextOf } from './office-harness.ts';

/**
 * HTML to PDF's rows (not in the catalogue, whose SSRF items 34–39 are LibreOffice's: this tool is where peers'
 * server-side request forgeries were, Gotenberg's Chromium routes among them). A page that tries every way it has to
 * reach a listener on another loopback address (127.0.0.2: HTTP, and UDP for WebRTC), a host name and the disk must
 * reach none of them, and still print; zips hostile to their reader are refused from their directory, or have their
 * hostile entries never served. Through the HTTP API, on one server.
 */

const MARK = 'Quire page that reached nothing';
const started: { testApp?: TestApp; canary?: Canary } = {};
beforeAll(async () => {
  started.testApp = await createTestApp();
  started.canary = await startCanary('127.0.0.2');
});
afterAll(async () => {
  await started.canary?.close();
  await started.testApp?.close();
});
const served = () => {
  if (!started.testApp || !started.canary) throw new Error('the rows run before their server started');
  return { testApp: started.testApp, canary: started.canary };
};

/** The canary counts what reaches it: one HTTP request (and its connection) and one datagram from this process. */
async function proveCanaryCounts(canary: Canary): Promise<void> {
  const answer = await fetch(`${canary.origin}/control`, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const udp = createSocket('udp4');
  await new Promise<void>((resolve, reject) =>
    udp.send('control', canary.port, canary.host, (error) => (error ? reject(error) : resolve())),
  );
  udp.close();
  await expect
    .poll(() => canary.hits(), { timeout: 2_000 })
    .toEqual({ connections: 1, requests: 1, datagrams: 1 });
}

describe('H. HTML to PDF: a page that reaches out', () => {
  it('a page that tries every way out (pictures, styles, @import, fonts, frames, fetch, XHR, WebSocket, beacons, workers, WebRTC, refresh, navigation, file://, DNS) reaches nothing, and prints', async () => {
    const { testApp, canary } = served();
    await proveCanaryCounts(canary);
    const zip = createZip({
      'index.html': networkProbePage(canary, MARK),
      'inner.html': redirectingFrame(canary),
    });
    const reply = await postTool(testApp, 'html-to-pdf', [{ name: 'probe.zip', bytes: zip }]);
    expectOutput(reply, 'html-to-pdf');
    expect(reply.headers['x-page-count']).toBe('1');
    const text = await pdfTextOf(reply.rawPayload);
    expect(text).toContain(MARK.replace(/\s+/g, ''));
    // Neither the disk's /etc/passwd nor anything of the canary's answers.
    expect(text).not.toContain('root:');
    expect(text).not.toContain('redirected');
    // Let anything late arrive before looking: the control's counts, nothing more.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(canary.hits()).toEqual({ connections: 1, requests: 1, datagrams: 1 });
    await expectStillServing(testApp, []);
  }, 120_000);
});

type ZipRow = [what: string, name: string, build: () => Uint8Array, outcome: [number, ErrorCode]];

const REFUSED_ZIPS: ZipRow[] = [
  [
    'no index.html',
    'site.zip',
    () => createZip({ 'pages/a.html': '<p>a</p>', 'b/c.html': '' }),
    [422, 'HTML_INDEX_MISSING'],
  ],
  ['2,001 entries', 'many.zip', () => zipWithManyEntries(2_001), [422, 'DOCUMENT_TOO_COMPLEX']],
  ['a file deflating to 60 MB', 'bomb.zip', () => zipBomb(60), [422, 'DOCUMENT_TOO_COMPLEX']],
  [
    'a zip cut short',
    'cut.zip',
    () => {
      const zip = createZip({ 'index.html': '<p>x</p>' });
      return zip.subarray(0, zip.length - 40);
    },
    [422, 'FILE_DAMAGED'],
  ],
  [
    'a PDF named .html',
    'page.html',
    () => new TextEncoder().encode('%PDF-1.4\n%%EOF\n'),
    [415, 'INVALID_FILE_TYPE'],
  ],
];

describe('H. HTML to PDF: zips hostile to their reader', () => {
  it.each(REFUSED_ZIPS)(
    '%s: refused before any browser starts',
    async (_what, name, build, [status, code]) => {
      const { testApp } = served();
      const reply = await postTool(testApp, 'html-to-pdf', [{ name, bytes: build() }]);
      const error = expectRefusal(reply, status, code);
      if (status === 422) expect(error.details).toMatchObject({ fileIndex: 0, fileName: name });
      await expectStillServing(testApp, []);
    },
  );

  it('entries named ../, /, C:/ and a link to /etc/passwd are never served; the page prints without them', async () => {
    const { testApp } = served();
    const page = `<!doctype html><p>${MARK}</p>
<iframe src="../outside.html"></iframe><iframe src="%2e%2e/outside.html"></iframe><iframe src="abs.html"></iframe>
<iframe src="win.html"></iframe><iframe src="..%2Foutside.html"></iframe><iframe src="link.html"></iframe><iframe src="frame.html"></iframe>`;
    const escaped = 'TRAVERSAL-ESCAPED';
    const zip = zipWithSymlink(
      {
        'index.html': page,
        'frame.html': '<p>own frame</p>',
        '../outside.html': `<p>${escaped}</p>`,
        '/abs.html': `<p>${escaped}</p>`,
        'C:/win.html': `<p>${escaped}</p>`,
        'sub/../../outside.html': `<p>${escaped}</p>`,
      },
      'link.html',
      '/etc/passwd',
    );
    const reply = await postTool(testApp, 'html-to-pdf', [{ name: 'entries.zip', bytes: zip }]);
    expectOutput(reply, 'html-to-pdf');
    const text = await pdfTextOf(reply.rawPayload);
    expect(text).toContain(MARK.replace(/\s+/g, ''));
    // The page's own frame prints: what is missing was refused, not the frames.
    expect(text).toContain('ownframe');
    expect(text).not.toContain(escaped);
    expect(text).not.toContain('/etc/passwd');
    expect(text).not.toContain('root:');
    // Nothing was unpacked anywhere: the job directory went, and the server still converts.
    await expectStillServing(testApp, ['html-to-pdf']);
  }, 120_000);
});
