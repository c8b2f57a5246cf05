import { readdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createProbeInputs } from '@quire/engine';
import { MAX_PAGES, MAX_PASSWORD_CHARS, TOOLS, TOOL_IDS, type ToolId } from '@quire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTextPdf, writePdf } from '@quire/test-kit/hostile-pdfs';
import { createTestApp, waitForNoLeftovers, type TestApp } from '@quire/test-kit/test-app';
import {
  PDF_TOOLS,
  entryNameProblems,
  expectOutput,
  expectRefusal,
  expectStillServing,
  postTool,
  readZipDirectory,
  type Reply,
} from './harness.ts';

/**
 * Hardening catalogue, group B: file names, parameters and outputs (docs/hardening.md, items 15–23). Uploads are
 * stored under server-made names (`input-0`); a visitor's file name only ever reaches the result's name (in
 * `Content-Disposition`, made safe by `safeFileName`), zip entry names and error messages: all are checked here.
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const TWO_PAGES = createTextPdf('hardening B', 2);

/** Splits a two-page PDF uploaded under `name` and returns the zip's entries. */
async function splitAs(name: string, fields: Record<string, string> = {}) {
  const reply = await postTool(testApp, 'split', [{ name, bytes: TWO_PAGES }], fields);
  expectOutput(reply, 'split');
  expect(reply.headers['set-cookie']).toBeUndefined();
  return readZipDirectory(reply.rawPayload);
}

/** The name an error message gives the file: an empty upload under `name` is refused, naming it. */
async function shownNameOf(name: string): Promise<string> {
  const error = expectRefusal(
    await postTool(testApp, 'split', [{ name, bytes: new Uint8Array(0) }]),
    422,
    'EMPTY_FILE',
  );
  expect(error.message).toBe(`"${String(error.details.fileName)}" is empty.`);
  return String(error.details.fileName);
}

// [as uploaded, as shown in messages, first zip entry of a split]
const NAMES: Array<[item: string, uploaded: string, shown: string, entry: string | RegExp]> = [
  ['15', '../../etc/passwd.pdf', 'passwd.pdf', 'passwd-p1.pdf'],
  ['15', '..\\..\\Windows\\evil.pdf', 'evil.pdf', 'evil-p1.pdf'],
  ['15', 'C:\\Temp\\foo.pdf', 'foo.pdf', 'foo-p1.pdf'],
  ['15', '/etc/absolute.pdf', 'absolute.pdf', 'absolute-p1.pdf'],
  ['15', 'a/b\\c.pdf', 'c.pdf', 'c-p1.pdf'],
  ['15', '..', 'file-1', 'file-1-p1.pdf'],
  ['15', 'folder/', 'file-1', 'file-1-p1.pdf'],
  ['16', 'nul\u0000inside.p\u0000df', 'nulinside.pdf', 'nulinside-p1.pdf'],
  ['16', 'del\u007f.pdf', 'del.pdf', 'del-p1.pdf'],
  ['16', 'evil\u202efdp.pdf', 'evilfdp.pdf', 'evilfdp-p1.pdf'],
  ['16', 'tab\tand\u0085next.pdf', 'tabandnext.pdf', 'tabandnext-p1.pdf'],
  ['17', 'łódź.pdf', 'łódź.pdf', 'łódź-p1.pdf'],
  ['17', '報告.pdf', '報告.pdf', '報告-p1.pdf'],
  ['17', '😀 emoji.pdf', '😀 emoji.pdf', '😀 emoji-p1.pdf'],
  ['17', 'Müller ÿ.pdf', 'Müller ÿ.pdf', 'Müller ÿ-p1.pdf'],
  ['18', 'Cafe\u0301.pdf', 'Café.pdf', 'Café-p1.pdf'],
  ['19', 'CON.pdf', 'CON.pdf', 'CON-p1.pdf'],
  ['19', 'aux', 'aux', 'aux-p1.pdf'],
  ['19', 'nul.txt', 'nul.txt', 'nul-p1.pdf'],
  ['19', 'trailing. .pdf', 'trailing. .pdf', 'trailing-p1.pdf'],
  ['19', 'ends in space.pdf ', 'ends in space.pdf', 'ends in space-p1.pdf'],
  ['19', 'a:b|c?d*e<f>g.pdf', 'a:b|c?d*e<f>g.pdf', 'a_b_c_d_e_f_g-p1.pdf'],
  ['19', `${'名'.repeat(100)}.pdf`, '名'.repeat(50), /^名{40}-p1\.pdf$/],
  ['20', '--convert-to.pdf', '--convert-to.pdf', '--convert-to-p1.pdf'],
  [
    '20',
    '-env:UserInstallation=file:x.pdf',
    '-env:UserInstallation=file:x.pdf',
    '-env_UserInstallation=file_x-p1.pdf',
  ],
  ['20', '@/etc/passwd.pdf', 'passwd.pdf', 'passwd-p1.pdf'],
  ['20', '@args.pdf', '@args.pdf', '@args-p1.pdf'],
  [
    '23',
    '<img src=x onerror=alert(1)>.pdf',
    '<img src=x onerror=alert(1)>.pdf',
    '_img src=x onerror=alert(1)_-p1.pdf',
  ],
];

describe('B. file names (items 15–20, 23)', () => {
  it.each(NAMES)(
    '%s. %j is stored under a server name, shown as %j and zipped as a safe relative name',
    async (_item, uploaded, shown, entry) => {
      const entries = await splitAs(uploaded);
      expect(entries.map((zipped) => entryNameProblems(zipped.name))).toEqual([[], []]);
      expect(entries[0]?.name).toMatch(
        typeof entry === 'string' ? new RegExp(`^${escapeRegExp(entry)}$`) : entry,
      );
      expect(entries[1]?.name).toMatch(/-p2\.pdf$/);
      expect(entries.every((zipped) => zipped.isUtf8 || /^[\x20-\x7e]*$/.test(zipped.name))).toBe(true);
      expect(await shownNameOf(uploaded)).toBe(shown);
      // Nothing lands beside the job root: every upload went to its own job directory, now gone.
      expect(
        (await readdir(dirname(testApp.jobRoot))).filter((name) => !['data', 'jobs', 'web'].includes(name)),
      ).toEqual([]);
      expect(await waitForNoLeftovers(testApp)).toEqual([]);
    },
  );

  it('16. a quote and a line break in a raw multipart file name inject no header', async () => {
    const boundary = 'names-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a\\"\r\nSet-Cookie: x=1.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      TWO_PAGES,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const reply = (await testApp.app.inject({
      method: 'POST',
      url: '/api/pdf/split',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    })) as Reply;
    // The name ends at the line break: the line after it is no header, of the part or of the answer.
    expectOutput(reply, 'split', ['a"']);
    expect(reply.headers['content-disposition']).toBe('attachment; filename="a_-split.zip"');
    expect(reply.headers['set-cookie']).toBeUndefined();
    for (const entry of readZipDirectory(reply.rawPayload)) expect(entryNameProblems(entry.name)).toEqual([]);
  });

  it('18. zip entries are unique whatever the case, NFC, flagged UTF-8 and relative', async () => {
    const entries = await splitAs('Cafe\u0301.pdf', { mode: 'range', pageRange: '1,1,2,1' });
    expect(entries.map((entry) => entry.name)).toEqual([
      'Café-p1.pdf',
      'Café-p1 (2).pdf',
      'Café-p2.pdf',
      'Café-p1 (3).pdf',
    ]);
    expect(entries.every((entry) => entry.isUtf8)).toBe(true);
    const jpg = await postTool(testApp, 'pdf-to-jpg', [{ name: 'x.pdf', bytes: TWO_PAGES }], {
      quality: 'low',
    });
    expectOutput(jpg, 'pdf-to-jpg');
    expect(readZipDirectory(jpg.rawPayload).map((entry) => entry.name)).toEqual(['x-p1.jpg', 'x-p2.jpg']);
  });

  it('15. PDF to PNG names its zipped pages after the file as PDF to JPG does', async () => {
    const png = await postTool(testApp, 'pdf-to-png', [{ name: 'x.pdf', bytes: TWO_PAGES }], {
      quality: 'low',
      transparent: 'true',
    });
    expectOutput(png, 'pdf-to-png');
    expect(readZipDirectory(png.rawPayload).map((entry) => entry.name)).toEqual(['x-p1.png', 'x-p2.png']);
  });

  it('20. a Word file named like a LibreOffice option converts as any other', async () => {
    const docx = (await createProbeInputs())['word-to-pdf'].files[0];
    if (!docx) throw new Error('no probe document');
    const reply = await postTool(testApp, 'word-to-pdf', [
      { name: '-env:UserInstallation=file:///tmp/x --convert-to.docx', bytes: docx.bytes },
    ]);
    expectOutput(reply, 'word-to-pdf');
  }, 120_000);

  it('20. a password with a line break is refused before any tool sees it (400)', async () => {
    for (const password of ['x\n--show-encryption', 'x\r--decrypt', 'x\u0000y']) {
      const error = expectRefusal(
        await postTool(testApp, 'compress', [{ name: 'a.pdf', bytes: TWO_PAGES }], { password }),
        400,
        'INVALID_OPTIONS',
        /line breaks or control characters/,
      );
      expect(error.details).toEqual({ option: 'password' });
    }
    // An option-like password is only a password: the unprotected file ignores it.
    expectOutput(
      await postTool(testApp, 'rotate', [{ name: 'a.pdf', bytes: TWO_PAGES }], { password: '--decrypt' }),
      'rotate',
    );
    await expectStillServing(testApp, ['compress']);
  });

  it(`22. a password longer than ${MAX_PASSWORD_CHARS} characters is refused as too long, saying the limit (400)`, async () => {
    for (const password of ['a'.repeat(MAX_PASSWORD_CHARS + 1), 'é'.repeat(MAX_PASSWORD_CHARS + 1)]) {
      const error = expectRefusal(
        await postTool(testApp, 'compress', [{ name: 'a.pdf', bytes: TWO_PAGES }], { password }),
        400,
        'INVALID_OPTIONS',
        new RegExp(`at most ${MAX_PASSWORD_CHARS} characters`),
      );
      expect(error.message).not.toMatch(/control characters/);
      expect(error.details).toEqual({ option: 'password', maxChars: MAX_PASSWORD_CHARS });
    }
    // A long password with a control character is refused for its length; a short one still for the character.
    expectRefusal(
      await postTool(
        testApp,
        'merge',
        [
          { name: 'a.pdf', bytes: TWO_PAGES },
          { name: 'b.pdf', bytes: TWO_PAGES },
        ],
        { 'password-1': `x\n${'a'.repeat(MAX_PASSWORD_CHARS)}` },
      ),
      400,
      'INVALID_OPTIONS',
      new RegExp(`at most ${MAX_PASSWORD_CHARS} characters`),
    );
    // At the limit a password is taken; characters outside the BMP count once (not as their two UTF-16 units).
    for (const password of ['a'.repeat(MAX_PASSWORD_CHARS), '🔑'.repeat(1000)]) {
      expectOutput(
        await postTool(testApp, 'rotate', [{ name: 'a.pdf', bytes: TWO_PAGES }], { password, angle: '90' }),
        'rotate',
      );
    }
  });
});

// [tool, field, value]: options that could be read as a path, a URL or a server setting.
const PATH_PARAMETERS: Array<[ToolId, string, string]> = [
  ['compress', 'watermarkImage', '/etc/passwd'],
  ['merge', 'output', '/tmp/quire-out.pdf'],
  ['pdf-to-word', 'font', '../../fonts/x.ttf'],
  ['word-to-pdf', 'filter', 'writer_pdf_Export:{"URL":"file:///etc/passwd"}'],
  ['jpg-to-pdf', 'pageSize', 'file:///etc/passwd'],
  ['pdf-to-jpg', 'quality', '../../etc/passwd'],
  ['pdf-to-png', 'transparent', '../../etc/passwd'],
  ['split', 'mode', 'http://169.254.169.254/'],
  ['split', 'pageRange', '/etc/passwd'],
  ['rotate', 'angle', '../90'],
  ['rotate', 'pages', '1;rm -rf /'],
];

// [tool, fields, status, code, what the message names]
const NUMBERS: Array<[ToolId, Record<string, string>, number, string, RegExp]> = [
  ['split', { mode: 'range', pageRange: '1-999999999' }, 400, 'INVALID_PAGE_RANGE', /"1-999999999"/],
  ['split', { mode: 'range', pageRange: '0' }, 400, 'INVALID_PAGE_RANGE', /"0": pages are numbered from 1/],
  ['split', { mode: 'range', pageRange: '-5' }, 400, 'INVALID_PAGE_RANGE', /"-5" is not a page/],
  ['split', { mode: 'range', pageRange: '1e9' }, 400, 'INVALID_OPTIONS', /pageRange/],
  ['split', { mode: 'range', pageRange: '1,'.repeat(600) }, 400, 'INVALID_OPTIONS', /pageRange/],
  [
    'split',
    { mode: 'range', pageRange: '1,'.repeat(100_000) },
    413,
    'REQUEST_TOO_LARGE',
    /"pageRange" is too long/,
  ],
  ['split', { mode: 'range', pageRange: '99999999999999999999999' }, 400, 'INVALID_PAGE_RANGE', /"9+"/],
  ['split', { mode: 'interval' }, 400, 'INVALID_OPTIONS', /"mode" must be one of/],
  ['rotate', { angle: '45' }, 400, 'INVALID_OPTIONS', /"angle" must be one of 90, 180, 270/],
  ['rotate', { angle: '-90' }, 400, 'INVALID_OPTIONS', /"angle"/],
  ['rotate', { angle: '90', pages: '3' }, 400, 'INVALID_PAGE_RANGE', /"3": the document has 2 pages/],
  ['compress', { quality: '-1' }, 400, 'INVALID_OPTIONS', /"quality" must be one of high, medium, low/],
  ['pdf-to-jpg', { quality: '100000' }, 400, 'INVALID_OPTIONS', /"quality"/],
  ['pdf-to-jpg', { dpi: '100000' }, 400, 'INVALID_OPTIONS', /Unknown field "dpi"/],
  ['pdf-to-png', { transparent: 'yes' }, 400, 'INVALID_OPTIONS', /"transparent" must be one of false, true/],
  ['jpg-to-pdf', { margin: '1e9' }, 400, 'INVALID_OPTIONS', /"margin"/],
  ['jpg-to-pdf', { fontSize: '1e9' }, 400, 'INVALID_OPTIONS', /Unknown field "fontSize"/],
];

/** A small valid upload for each tool, so that only the option under test is wrong. */
async function uploadsFor(toolId: ToolId) {
  const probe = (await createProbeInputs())[toolId];
  return probe.files.map((file) => ({
    name: file.name,
    bytes: toolId === 'split' || toolId === 'rotate' ? TWO_PAGES : file.bytes,
  }));
}

describe('B. parameters (items 21–22)', () => {
  it.each(PATH_PARAMETERS)(
    '21. %s refuses %s=%j: only uploads and listed values are read (400)',
    async (toolId, field, value) => {
      const reply = await postTool(testApp, toolId, await uploadsFor(toolId), { [field]: value });
      const error = expectRefusal(reply, 400, 'INVALID_OPTIONS');
      expect(error.details.option).toBe(field);
      expect(await waitForNoLeftovers(testApp)).toEqual([]);
    },
  );

  it.each(NUMBERS)(
    '22. %s refuses %j with %i %s, naming the bad item',
    async (toolId, fields, status, code, names) => {
      const reply = await postTool(testApp, toolId, await uploadsFor(toolId), fields);
      expectRefusal(reply, status, code as never, names);
      await expectStillServing(testApp, []);
    },
  );

  it(`22. a page list may ask for ${MAX_PAGES} pages in all, repeats included, and no more`, async () => {
    const hundredPages = createTextPdf('pages', 100);
    const items = (count: number) => Array(count).fill('1-').join(',');
    const reply = await postTool(testApp, 'split', [{ name: 'a.pdf', bytes: hundredPages }], {
      mode: 'range',
      pageRange: items(MAX_PAGES / 100 + 1),
    });
    expectRefusal(reply, 400, 'INVALID_PAGE_RANGE', /more than 2000 pages/);
    const within = await splitAs('a.pdf', { mode: 'range', pageRange: '1-,2,1' });
    expect(within.map((entry) => entry.name)).toEqual(['a-p1-2.pdf', 'a-p2.pdf', 'a-p1.pdf']);
  });
});

describe('B. outputs (item 23)', () => {
  const html = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
  );

  it.each(PDF_TOOLS)('23. %s refuses HTML and SVG named .pdf from their bytes (415)', async (toolId) => {
    for (const bytes of [html, svg]) {
      const error = expectRefusal(
        await postTool(testApp, toolId, [{ name: 'invoice.pdf', bytes }]),
        415,
        'INVALID_FILE_TYPE',
        /"invoice\.pdf" is not a PDF file\./,
      );
      expect(error.details).toMatchObject({ fileIndex: 0, fileName: 'invoice.pdf', accepted: 'PDF' });
    }
    await expectStillServing(testApp, []);
  });

  it('23. Word and image tools refuse HTML by its bytes too (415)', async () => {
    expectRefusal(
      await postTool(testApp, 'word-to-pdf', [{ name: 'a.docx', bytes: html }]),
      415,
      'INVALID_FILE_TYPE',
    );
    expectRefusal(
      await postTool(testApp, 'jpg-to-pdf', [{ name: 'a.jpg', bytes: svg }]),
      415,
      'INVALID_FILE_TYPE',
    );
  });

  it('23. a script in the name comes back only inside JSON that is never sniffed or cached', async () => {
    const name = '<img src=x onerror=alert(1)>.pdf';
    const reply = await postTool(testApp, 'compress', [{ name, bytes: html }]);
    const error = expectRefusal(reply, 415, 'INVALID_FILE_TYPE');
    expect(error.details.fileName).toBe(name);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('23. a PDF whose title is a script is answered as an attachment of the exact type, never sniffed', async () => {
    const scripted = writePdf(
      [
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
        '<< /Title (<script>alert(1)</script>) /Author (<img src=x onerror=alert(2)>) >>',
      ],
      '/Root 1 0 R /Info 4 0 R',
    );
    for (const toolId of ['compress', 'rotate', 'merge'] as const) {
      expectOutput(await postTool(testApp, toolId, [{ name: '<b>.pdf', bytes: scripted }]), toolId);
    }
  });

  it('23. every tool answers with its exact type, as an attachment of its own name, never sniffed or cached', async () => {
    await expectStillServing(testApp, TOOL_IDS);
    for (const toolId of TOOL_IDS)
      expect(TOOLS[toolId].output.fileName).toMatch(/^[a-z-]+\.(pdf|zip|docx|pptx|xlsx|txt)$/);
  }, 120_000);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
