import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TOOLS, type ToolId } from '@quire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSlidesOdp } from '@quire/test-kit/hostile-presentations';
import { findMarker } from './find-marker.ts';
import { cutShort, damagedPdf, markedDocx, markedJpeg, markedNonWordZip, markedPdf } from './marked-files.ts';
import { descendantsOf, processesMentioning, waitUntil } from '@quire/test-kit/processes';
import {
  makeServerDirs,
  startServerProcess,
  type ServerDirs,
  type ServerProcess,
} from '@quire/test-kit/server-process';

// Issue 7, "nothing kept": files carrying a random marker go through every tool and every outcome, then the marker
// is searched for on disk and in the server's logs. The server runs as its own process with its own job root,
// data dir, TMPDIR and HOME (LibreOffice's profiles live in TMPDIR), so the search covers every place it writes;
// the system temp dir is searched too, for files changed during the test.

const MARKER = randomBytes(32).toString('hex');
const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ODP = 'application/vnd.oasis.opendocument.presentation';
const startedAt = Date.now();
/** Big enough that rendering it at 300 DPI takes many seconds: a job still running when the test interferes. */
const LONG_PDF = markedPdf(MARKER, 300);
const LONG_DOCX = markedDocx(MARKER, 3000);
/** Hundreds of pages: still converting, on any machine, when the server is killed. */
const HUGE_DOCX = markedDocx(MARKER, 30_000);

let dirs: ServerDirs;
let server: ServerProcess;
/** Output of every server process of this test, in order. */
const logs: string[] = [];
/** Request ids of the answers the test received. */
const requestIds: string[] = [];

type Upload = { field: string; name: string; type: string; data: Buffer };
type Answer = { status: number; headers: Headers; body: Buffer; json: () => { error?: { code?: string } } };

const named = (extension: string) => `report-${MARKER}.${extension}`;
const pdfFile = (field = 'file', data = markedPdf(MARKER, 3)): Upload => ({
  field,
  name: named('pdf'),
  type: PDF,
  data,
});

async function send(toolId: ToolId, files: Upload[], fields: Record<string, string> = {}): Promise<Answer> {
  const form = new FormData();
  for (const file of files)
    form.append(file.field, new File([new Uint8Array(file.data)], file.name, { type: file.type }));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${server.baseUrl}${TOOLS[toolId].apiPath}`, { method: 'POST', body: form });
  const body = Buffer.from(await response.arrayBuffer());
  const id = response.headers.get('x-request-id');
  if (id) requestIds.push(id);
  return {
    status: response.status,
    headers: response.headers,
    body,
    json: () => JSON.parse(body.toString()),
  };
}

/** A refusal as part A.6 wants it: the error body with a code and a message that names no server path. */
function expectRefusal(answer: Answer, status: number, code?: string) {
  expect(answer.status, answer.body.toString().slice(0, 300)).toBe(status);
  const body = answer.json() as { success?: boolean; error?: { code?: string; message?: string } };
  expect(body.success).toBe(false);
  if (code) expect(body.error?.code).toBe(code);
  expect(body.error?.message).toBeTruthy();
  expect(answer.body.toString()).not.toContain(dirs.base);
}

async function jobRootEntries(): Promise<string[]> {
  return readdir(dirs.jobRoot).catch(() => []);
}

const isEmpty = (entries: string[]) => entries.length === 0;

/** Starts an upload that sends `sent` bytes of a `total`-byte file and then stops writing (the caller aborts it). */
function startPartialUpload(toolId: ToolId, field: string, file: Upload, sent: number) {
  const boundary = `nothing-kept-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\n` +
      `Content-Type: ${file.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const req = request(`${server.baseUrl}${TOOLS[toolId].apiPath}`, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + file.data.length + tail.length),
    },
  });
  const settled = new Promise<void>((resolve) => {
    req.on('error', () => resolve());
    req.on('response', (response) => {
      response.resume();
      response.on('end', resolve);
      response.on('error', () => resolve());
    });
  });
  req.write(head);
  req.write(file.data.subarray(0, sent));
  return { abort: () => req.destroy(), settled };
}

/** Waits until a job directory under the job root holds an upload of at least `bytes`: the marker is on disk. */
async function waitForStoredUpload(bytes: number): Promise<void> {
  const stored = await waitUntil(
    async () => {
      for (const job of await jobRootEntries()) {
        const size = (await stat(join(dirs.jobRoot, job, 'input-0')).catch(() => null))?.size ?? 0;
        if (size >= bytes) return true;
      }
      return false;
    },
    (isStored) => isStored,
  );
  expect(stored).toBe(true);
}

/** Waits until a document is in a LibreOffice instance's job directory (a conversion is under way); its dir name. */
function waitForOfficeInput(): Promise<string | undefined> {
  return waitUntil(
    async () => {
      for (const name of await readdir(dirs.tmp).catch(() => [])) {
        const inputs = await readdir(join(dirs.tmp, name, 'job')).catch(() => []);
        if (inputs.some((input) => input.startsWith('input'))) return name;
      }
      return undefined;
    },
    (found) => found !== undefined,
  );
}

beforeAll(async () => {
  dirs = await makeServerDirs('quire-nothing-kept-');
  server = await startServerProcess(dirs);
});

afterAll(async () => {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await rm(dirs.base, { recursive: true, force: true });
});

describe('nothing kept: a marker sent through every tool and outcome is found nowhere afterwards', () => {
  it('every tool succeeds on marked files', async () => {
    const outcomes = {
      merge: await send('merge', [pdfFile('file-0'), pdfFile('file-1')]),
      split: await send('split', [pdfFile()], { mode: 'pages' }),
      crop: await send('crop', [pdfFile()], { margins: 'auto', pages: '1-2' }),
      compress: await send('compress', [pdfFile()], { quality: 'low' }),
      flatten: await send('flatten', [pdfFile()], { what: 'forms' }),
      // The marker in a property typed: never in a log, a record or a metric either.
      metadata: await send('metadata', [pdfFile()], { title: `Title ${MARKER}` }),
      // The words looked for are the marker: they reach no log, and leave the file.
      redact: await send('redact', [pdfFile()], { search: MARKER }),
      // A marked picture as the signature, the marker as the name under it: in no log and no file either.
      sign: await send(
        'sign',
        [pdfFile(), { field: 'image-0', name: named('jpg'), type: 'image/jpeg', data: markedJpeg(MARKER) }],
        {
          placements: '[{"page": 1, "x": 0.6, "y": 0.8, "width": 0.3, "height": 0.1, "image": 0}]',
          name: `Signer ${MARKER.slice(0, 40)}`,
        },
      ),
      'pdf-to-word': await send('pdf-to-word', [pdfFile()]),
      'pdf-to-powerpoint': await send('pdf-to-powerpoint', [pdfFile()]),
      'pdf-to-jpg': await send('pdf-to-jpg', [pdfFile()], { quality: 'low' }),
      'pdf-to-png': await send('pdf-to-png', [pdfFile()], { quality: 'low', transparent: 'true' }),
      'pdf-to-text': await send('pdf-to-text', [pdfFile()], { language: 'en' }),
      // Its pages with the marker in a table's cells: they go to the workbook, and to no log.
      'pdf-to-excel': await send(
        'pdf-to-excel',
        [pdfFile('file', markedPdf(MARKER, 3, 0, { table: true }))],
        {
          language: 'en',
        },
      ),
      'pdf-to-pdfa': await send('pdf-to-pdfa', [pdfFile()], { level: '2b' }),
      rotate: await send('rotate', [pdfFile()], { angle: '90' }),
      // The format carries the marker too: what a visitor writes reaches no log and no file either.
      'page-numbers': await send('page-numbers', [pdfFile()], { format: `{n} ${MARKER.slice(0, 40)}` }),
      // A marked picture as the watermark: its name and bytes reach no log and no file either.
      watermark: await send('watermark', [
        pdfFile(),
        { field: 'image', name: named('jpg'), type: 'image/jpeg', data: markedJpeg(MARKER) },
      ]),
      'jpg-to-pdf': await send('jpg-to-pdf', [
        { field: 'file-0', name: named('jpg'), type: 'image/jpeg', data: markedJpeg(MARKER) },
      ]),
      'word-to-pdf': await send('word-to-pdf', [
        { field: 'file', name: named('docx'), type: DOCX, data: markedDocx(MARKER) },
      ]),
      // A CSV whose cell is the marker: it goes through the re-encoded copy Quire writes for LibreOffice.
      'excel-to-pdf': await send('excel-to-pdf', [
        { field: 'file', name: named('csv'), type: 'text/csv', data: Buffer.from(`${MARKER};1\n`) },
      ]),
      // A web page whose text is the marker: Chromium's profile, in the job's directory, goes with the job.
      'html-to-pdf': await send('html-to-pdf', [
        { field: 'file', name: named('html'), type: 'text/html', data: Buffer.from(`<p>${MARKER}</p>`) },
      ]),
      // A one-slide presentation whose text is the marker.
      'powerpoint-to-pdf': await send('powerpoint-to-pdf', [
        { field: 'file', name: named('odp'), type: ODP, data: Buffer.from(createSlidesOdp([MARKER])) },
      ]),
      ocr: await send('ocr', [pdfFile()], { language: 'en' }),
      'remove-pages': await send('remove-pages', [pdfFile()], { pages: '1' }),
      'extract-pages': await send('extract-pages', [pdfFile()], { pages: '1, 3', mode: 'separate' }),
      organize: await send('organize', [pdfFile('file-0')], {
        layout: '[{"file": 0, "page": 3, "rotate": 90}, {"blank": "previous"}, {"file": 0, "page": 1}]',
      }),
      // Two marked files, the second with a page more: the report shows the marker's pages, and nothing stays.
      compare: await send('compare', [pdfFile('file-0'), pdfFile('file-1', markedPdf(MARKER, 4))], {
        reportLanguage: 'en',
      }),
      // The new password carries the marker too: it must reach no log and no file either.
      protect: await send('protect', [pdfFile()], {
        newPassword: `pw-${MARKER.slice(0, 40)}`,
        permissions: 'print',
      }),
      unlock: await send('unlock', [pdfFile()]),
      // Cut off after its last object: rebuilt by MuPDF, whose messages about the file are never logged.
      repair: await send('repair', [pdfFile('file', cutShort(markedPdf(MARKER, 3)))]),
    } satisfies Record<ToolId, Answer>;
    for (const [toolId, answer] of Object.entries(outcomes)) {
      expect(answer.status, `${toolId}: ${answer.body.toString().slice(0, 300)}`).toBe(200);
      expect(answer.body.length).toBeGreaterThan(0);
    }
  });

  it('refusals: wrong type (415), damaged (422), bad options and missing files (400), too large (413)', async () => {
    const docx = { field: 'file', name: named('docx'), type: DOCX, data: markedDocx(MARKER) };
    for (const toolId of ['split', 'compress', 'pdf-to-word', 'pdf-to-jpg', 'rotate'] as const) {
      const fields: Record<string, string> = toolId === 'rotate' ? { angle: '90' } : {};
      expectRefusal(await send(toolId, [docx], fields), 415, 'INVALID_FILE_TYPE');
      expectRefusal(await send(toolId, [pdfFile('file', damagedPdf(MARKER))], fields), 422);
    }
    expectRefusal(await send('merge', [pdfFile('file-0'), { ...docx, field: 'file-1' }]), 415);
    expectRefusal(await send('merge', [pdfFile('file-0'), pdfFile('file-1', damagedPdf(MARKER))]), 422);
    expectRefusal(await send('merge', [pdfFile('file-0')]), 400, 'TOO_FEW_FILES');
    expectRefusal(await send('rotate', [pdfFile()], { angle: '45' }), 400, 'INVALID_OPTIONS');
    // A new password too long: refused without repeating it anywhere.
    expectRefusal(
      await send('protect', [pdfFile()], { newPassword: MARKER.repeat(3) }),
      400,
      'INVALID_OPTIONS',
    );
    expectRefusal(await send('split', [pdfFile()], { mode: 'range', pageRange: '7-2x' }), 400);
    expectRefusal(await send('jpg-to-pdf', [{ ...pdfFile('file-0') }]), 415, 'INVALID_FILE_TYPE');
    expectRefusal(
      await send('word-to-pdf', [{ ...docx, data: markedNonWordZip(MARKER) }]),
      415,
      'INVALID_FILE_TYPE',
    );
    expectRefusal(await send('word-to-pdf', [{ ...docx, data: markedDocx(MARKER).subarray(0, 300) }]), 422);
    const huge = Buffer.concat([markedJpeg(MARKER), Buffer.alloc(TOOLS['jpg-to-pdf'].maxFileBytes + 1024)]);
    expectRefusal(
      await send('jpg-to-pdf', [{ field: 'file-0', name: named('jpg'), type: 'image/jpeg', data: huge }]),
      413,
      'FILE_TOO_LARGE',
    );
    expect(await waitUntil(jobRootEntries, isEmpty, 5000)).toEqual([]);
  });

  it('clients that leave mid-upload', async () => {
    const uploads = [
      { toolId: 'merge', field: 'file-0', file: pdfFile('file-0', markedPdf(MARKER, 1, 8 << 20)) },
      {
        toolId: 'word-to-pdf',
        field: 'file',
        file: { ...pdfFile(), type: DOCX, data: markedDocx(MARKER, 40_000) },
      },
      {
        toolId: 'jpg-to-pdf',
        field: 'file-0',
        file: {
          field: 'file-0',
          name: named('jpg'),
          type: 'image/jpeg',
          data: Buffer.concat([markedJpeg(MARKER), Buffer.alloc(8 << 20)]),
        },
      },
    ] as const;
    for (const { toolId, field, file } of uploads) {
      const upload = startPartialUpload(toolId, field, file, 1 << 20);
      await waitForStoredUpload(256 * 1024);
      upload.abort();
      await upload.settled;
      expect(await waitUntil(jobRootEntries, isEmpty, 5000)).toEqual([]);
    }
  });

  it('a renderer killed mid-job, and LibreOffice killed mid-conversion', async () => {
    const rendering = send('pdf-to-jpg', [pdfFile('file', LONG_PDF)], { quality: 'high' });
    const renderer = await waitUntil(
      () => descendantsOf(server.pid).find((info) => info.command.startsWith('pdftoppm')),
      (found) => found !== undefined,
    );
    expect(renderer).toBeDefined();
    process.kill(renderer?.pid ?? 0, 'SIGKILL');
    // The renderer's death is reported as a file it could not draw; the job fails alone.
    expectRefusal(await rendering, 422);

    const converting = send('word-to-pdf', [
      { field: 'file', name: named('docx'), type: DOCX, data: LONG_DOCX },
    ]);
    expect(await waitForOfficeInput()).toBeDefined();
    for (const info of descendantsOf(server.pid).filter((candidate) =>
      candidate.command.includes('soffice'),
    )) {
      process.kill(info.pid, 'SIGKILL');
    }
    const converted = await converting;
    // The warm instance died: the document is tried once more in a one-shot LibreOffice, which may succeed.
    if (converted.status !== 200) expectRefusal(converted, converted.status);
    expect(await waitUntil(jobRootEntries, isEmpty, 5000)).toEqual([]);

    // The server survived both and still works.
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    expect((await send('rotate', [pdfFile()], { angle: '180' })).status).toBe(200);
  });

  it('a server killed with jobs running leaves files that the next start sweeps away', async () => {
    const rendering = send('pdf-to-jpg', [pdfFile('file', LONG_PDF)], { quality: 'high' }).catch(() => null);
    const converting = send('word-to-pdf', [
      { field: 'file', name: named('docx'), type: DOCX, data: HUGE_DOCX },
    ]).catch(() => null);
    const upload = startPartialUpload(
      'rotate',
      'file',
      pdfFile('file', markedPdf(MARKER, 1, 4 << 20)),
      1 << 20,
    );
    await waitUntil(
      () => descendantsOf(server.pid).some((info) => info.command.startsWith('pdftoppm')),
      (isRendering) => isRendering,
    );
    expect(await waitForOfficeInput()).toBeDefined();
    await waitForStoredUpload(256 * 1024);
    const killed = server;
    // LibreOffice's directories are named after the worker process that keeps it, not the server.
    const workerPids = descendantsOf(killed.pid)
      .filter((info) => info.command.includes('job.worker'))
      .map((info) => info.pid);
    const isWorkersDir = (name: string) => workerPids.some((pid) => name.includes(`-${pid}-`));
    killed.child.kill('SIGKILL');
    await killed.exited;
    logs.push(killed.output());
    upload.abort();
    await Promise.all([rendering, converting, upload.settled]);

    // Its programs died with it (none is left writing into the directories), but its files are still there.
    expect(
      await waitUntil(
        () => processesMentioning(dirs.base),
        (found) => found.length === 0,
        10_000,
      ),
    ).toEqual([]);
    expect((await jobRootEntries()).length).toBeGreaterThan(0);
    expect((await readdir(dirs.tmp)).filter(isWorkersDir).length).toBeGreaterThan(0);
    expect(await findMarker([dirs.jobRoot], MARKER)).not.toEqual([]);
    expect(await findMarker([dirs.tmp], MARKER)).not.toEqual([]);

    // The next start (with a one-second job limit, for the timeout test below; its CPU-time limit, which would
    // otherwise be the same second, out of reach) sweeps before it listens.
    server = await startServerProcess(dirs, {
      QUIRE_JOB_TIMEOUT_SECONDS: '1',
      QUIRE_JOB_CPU_SECONDS: '3600',
    });
    expect(await jobRootEntries()).toEqual([]);
    expect((await readdir(dirs.tmp)).filter(isWorkersDir)).toEqual([]);
  });

  it('jobs that run out of time (422 JOB_TIMEOUT)', async () => {
    const rendered = await send('pdf-to-jpg', [pdfFile('file', LONG_PDF)], { quality: 'high' });
    expectRefusal(rendered, 422, 'JOB_TIMEOUT');
    // Deterministic: the same document would run out of time again, so nothing invites a retry.
    expect(rendered.headers.get('retry-after')).toBeNull();
    const converted = await send('word-to-pdf', [
      { field: 'file', name: named('docx'), type: DOCX, data: LONG_DOCX },
    ]);
    expectRefusal(converted, 422, 'JOB_TIMEOUT');
    expect(await waitUntil(jobRootEntries, isEmpty, 5000)).toEqual([]);
  });

  it('after all that and a shutdown, the marker is nowhere on disk and nowhere in the logs', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    logs.push(server.output());

    // Every place the server writes is empty but for its data (the status database), and holds no marker.
    expect(await jobRootEntries()).toEqual([]);
    expect(await readdir(dirs.tmp)).toEqual([]);
    expect(await findMarker([dirs.base], MARKER)).toEqual([]);
    // Nor did anything of the server's write it to the system temp dir during the test.
    const since = startedAt - 1000;
    expect(
      await findMarker([tmpdir()], MARKER, { changedSince: since, skip: [dirs.base], maxBytes: 64 << 20 }),
    ).toEqual([]);

    // The logs name requests by id, never by file name, and hold nothing of the files.
    const log = logs.join('\n');
    expect(log).toContain('Server listening');
    expect(log).not.toContain(MARKER);
    expect(log).not.toContain('report-');
    const loggedIds = new Set([...log.matchAll(/"reqId":"([0-9a-f-]{36})"/g)].map((match) => match[1]));
    expect(requestIds.length).toBeGreaterThan(25);
    for (const id of requestIds) expect(loggedIds.has(id), `request ${id} in the logs`).toBe(true);
  });
});
