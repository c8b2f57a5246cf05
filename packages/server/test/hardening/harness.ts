import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { createProbeInputs, type ProbeInput } from '@quire/engine';
import {
  PDF_TOOL_IDS,
  TOOLS,
  fileFieldName,
  initialOptionValues,
  resultFileName,
  resultMimeTypes,
  type ErrorBody,
  type ErrorCode,
  type PdfToolId,
  type ToolDefinition,
  type ToolId,
} from '@quire/shared';
import { expect } from 'vitest';
import { attachmentDisposition, sanitizeFileName } from '../../src/http/file-names.ts';
import { multipartOf, waitForNoLeftovers, type TestApp } from '@quire/test-kit/test-app';

/**
 * What every test of the hardening catalogue checks (docs/hardening.md, section 2): the status and error body of
 * spec A.6 with a message a person can act on and nothing internal in it, the job directory gone afterwards, and
 * the same server still answering `/healthz` and running the next valid job.
 */

/** The tools that read PDFs, from the registry: every PDF attack goes through each of them. */
export const PDF_TOOLS = PDF_TOOL_IDS;
export type PdfTool = PdfToolId;

export type Upload = { name: string; bytes: Uint8Array };
export type Reply = {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  rawPayload: Buffer;
};

/**
 * Posts files to a tool as the site does (`file` or `file-0`, `file-1`, …), with every option at the value its
 * form starts with (`defaultFields`) unless the test sets it. Merge needs two files: a single hostile upload is sent first, followed
 * by a small valid PDF.
 */
export async function postTool(
  testApp: TestApp,
  toolId: ToolId,
  uploads: readonly Upload[],
  fields: Readonly<Record<string, string>> = {},
): Promise<Reply> {
  const tool: ToolDefinition = TOOLS[toolId];
  const files = [...uploads];
  // A tool of two files or more (merge, compare) gets a valid one after the file under test.
  if (files.length === 1 && tool.minFiles > 1) files.push(await validUpload(toolId));
  const form = new FormData();
  files.forEach((file, index) =>
    form.append(fileFieldName(tool, index), new File([file.bytes as Uint8Array<ArrayBuffer>], file.name)),
  );
  // A tool that places pictures (Sign PDF) gets the probe's picture as its first, as the status probe sends it.
  if (tool.pictureFiles) {
    probes ??= createProbeInputs();
    const picture = (await probes)[toolId].files.find((file) => file.field !== undefined);
    if (picture?.field) form.append(picture.field, new File([picture.bytes], picture.name));
  }
  for (const [name, value] of Object.entries({ ...defaultFields(toolId), ...fields }))
    form.append(name, value);
  const reply = await testApp.app.inject({ method: 'POST', url: tool.apiPath, ...(await multipartOf(form)) });
  sentNames.set(
    reply,
    files.map((file) => file.name),
  );
  return reply;
}

/**
 * The option fields a request carries unless a test sets them: each option at the value its form starts with, and one
 * the form leaves blank that the status probe fills (Remove pages' page list, Watermark's text) as the probe sends it.
 */
function defaultFields(toolId: ToolId): Record<string, string> {
  const tool: ToolDefinition = TOOLS[toolId];
  const fields = initialOptionValues(tool.options);
  for (const name of Object.keys(tool.options)) {
    const probeValue = tool.probeFields?.[name];
    if (!(name in fields) && probeValue !== undefined) fields[name] = probeValue;
  }
  return fields;
}

/** The names of the files each reply of `postTool` answers, which its result is named after. */
const sentNames = new WeakMap<Reply, readonly string[]>();

let probes: Promise<Readonly<Record<ToolId, ProbeInput>>> | null = null;

/** A small valid input for a tool: the status probes' own documents. */
export async function validUpload(toolId: ToolId): Promise<Upload> {
  probes ??= createProbeInputs();
  const file = (await probes)[toolId].files[0];
  if (!file) throw new Error(`no probe file for ${toolId}`);
  return { name: file.name, bytes: file.bytes };
}

/** Strings that betray internals: stack frames, server paths, tool names and their stderr. */
const LEAKS = [
  /\bat [\w.<>]+ \(/, // a stack frame
  /\.(?:ts|js|mjs|cc|py):\d+/,
  /node_modules|\/usr\/|\/tmp\/|\/home\/|\/work\//,
  /\b(?:qpdf|pdftoppm|pdfinfo|mupdf|soffice|libreoffice|chromium|playwright|bwrap|busboy|fastify)\b/i,
  /\b(?:WARNING|Syntax Error|std::|bad_alloc|ENOENT|EPIPE|TypeError|RangeError)\b/,
];

/** Fails when `text` holds a stack trace, a path of this server or a tool's own words. */
export function expectNoLeaks(text: string, jobRoot?: string): void {
  for (const leak of LEAKS) expect(text, `leak ${leak} in ${text}`).not.toMatch(leak);
  expect(text).not.toContain(tmpdir());
  if (jobRoot) expect(text).not.toContain(jobRoot);
}

/**
 * Checks an error answer: its status and code, the A.6 body, headers that keep it private and unsniffed, and a
 * message that is one plain sentence (or two) naming what to fix. Returns the error for further checks.
 */
export function expectRefusal(
  reply: Reply,
  status: number,
  code: ErrorCode,
  message?: RegExp,
): ErrorBody['error'] {
  expect(reply.statusCode, reply.body).toBe(status);
  expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
  expect(reply.headers['cache-control']).toBe('no-store');
  expect(reply.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  const body = JSON.parse(reply.body) as ErrorBody;
  expect(Object.keys(body).sort()).toEqual(['error', 'success']);
  expect(body.success).toBe(false);
  expect(body.error.code).toBe(code);
  expectActionable(body.error.message);
  if (message) expect(body.error.message).toMatch(message);
  expectNoLeaks(reply.body);
  return body.error;
}

/** A message a person can act on: a short, complete English sentence, not a code, a dump or an empty string. */
export function expectActionable(message: string): void {
  expect(message.length).toBeGreaterThan(10);
  expect(message.length).toBeLessThanOrEqual(200);
  expect(message).toMatch(/^["“A-Z]/);
  expect(message).toMatch(/[.]$/);
  expect(message).not.toMatch(/\n|undefined|null|NaN|\[object/);
}

/**
 * Checks a successful answer: the tool's exact type (PDF to JPG or PNG of one page: the picture), an attachment named after the
 * first file sent (as the server reads its name: those `postTool` sent, or `names`), never sniffed or cached.
 */
export function expectOutput(reply: Reply, toolId: ToolId, names = sentNames.get(reply)): void {
  if (!names) throw new Error('expectOutput needs the names of the files sent');
  expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
  const mimeType = String(reply.headers['content-type']);
  const isOnePagePicture =
    (toolId === 'pdf-to-jpg' || toolId === 'pdf-to-png') && reply.headers['x-page-count'] === '1';
  // A picture tool's second type is the picture it gives for one page (`resultMimeTypes`).
  expect(mimeType).toBe(isOnePagePicture ? resultMimeTypes(toolId)[1] : TOOLS[toolId].output.mimeType);
  const readNames = names.map((name, index) => sanitizeFileName(name, `file-${index + 1}`));
  expect(reply.headers['content-disposition']).toBe(
    attachmentDisposition(resultFileName(toolId, readNames, mimeType)),
  );
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
  expect(reply.headers['cache-control']).toBe('no-store');
  expect(Number(reply.headers['content-length'])).toBe(reply.rawPayload.length);
}

/**
 * After a hostile request: the job directory is gone within 5 s, `/healthz` answers, and each given tool still
 * runs a valid job on the same server.
 */
export async function expectStillServing(testApp: TestApp, toolIds: readonly ToolId[] = ['merge']) {
  expect(await waitForNoLeftovers(testApp)).toEqual([]);
  const health = await testApp.app.inject({ method: 'GET', url: '/healthz' });
  expect(health.statusCode).toBe(200);
  probes ??= createProbeInputs();
  const inputs = await probes;
  for (const toolId of toolIds) {
    const probe = inputs[toolId];
    const reply = await postTool(
      testApp,
      toolId,
      // The tool's own files: `postTool` adds a picture (Sign PDF's) itself.
      probe.files
        .filter((file) => file.field === undefined)
        .map((file) => ({ name: file.name, bytes: file.bytes })),
      probe.fields,
    );
    expectOutput(reply, toolId);
  }
  expect(await waitForNoLeftovers(testApp)).toEqual([]);
}

export type RawExchange = {
  /** Everything the server sent, as latin1 text. */
  response: string;
  /** The server closed the connection (rather than the test giving up waiting). */
  closedByServer: boolean;
};

/**
 * Sends raw bytes over one TCP connection, in the given pieces and pauses, and collects the answer until the
 * server closes the connection or `waitMs` passes after the last piece. For requests `inject` cannot express:
 * malformed framing, slow clients, smuggling probes.
 */
export function exchangeRaw(
  port: number,
  pieces: ReadonlyArray<string | Buffer | { pauseMs: number }>,
  waitMs = 5_000,
): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closedByServer = false;
    let timer: NodeJS.Timeout | undefined;
    let isDone = false;
    const finish = () => {
      if (isDone) return;
      isDone = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ response: Buffer.concat(chunks).toString('latin1'), closedByServer });
    };
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      closedByServer = true;
      finish();
    });
    socket.on('close', () => {
      closedByServer ||= !isDone;
      finish();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset by the server is a close too.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') {
        closedByServer = true;
        finish();
      } else if (!isDone) {
        isDone = true;
        reject(error);
      }
    });
    socket.once('connect', async () => {
      for (const piece of pieces) {
        if (isDone) return;
        if (typeof piece === 'object' && 'pauseMs' in piece) {
          await new Promise((wake) => setTimeout(wake, piece.pauseMs));
        } else if (!socket.destroyed) {
          socket.write(piece);
        }
      }
      timer = setTimeout(finish, waitMs);
    });
  });
}

/** Status codes of every HTTP response in a raw exchange, in order. */
export function statusesOf(response: string): number[] {
  return [...response.matchAll(/^HTTP\/1\.1 (\d{3}) /gm)].map((match) => Number(match[1]));
}

/** The JSON body of the first response in a raw exchange. */
export function bodyOf(response: string): ErrorBody {
  const start = response.indexOf('\r\n\r\n');
  return JSON.parse(response.slice(start + 4)) as ErrorBody;
}

export type ZipEntryInfo = { name: string; isUtf8: boolean; bytes: number };

/** Entries of a zip as its central directory lists them: the raw name and whether the UTF-8 flag is set. */
export function readZipDirectory(zip: Buffer): ZipEntryInfo[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntryInfo[] = [];
  for (let index = 0; index < count; index += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('broken central directory');
    const flags = zip.readUInt16LE(at + 8);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const isUtf8 = (flags & 0x0800) !== 0;
    const raw = zip.subarray(at + 46, at + 46 + nameLength);
    entries.push({
      name: raw.toString(isUtf8 ? 'utf8' : 'latin1'),
      isUtf8,
      bytes: zip.readUInt32LE(at + 24),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const WINDOWS_RESERVED_NAME = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/**
 * Problems an entry name would cause when extracted on Windows, macOS or Linux; empty when it is safe: a relative
 * file name of at most 150 bytes in NFC, without folders, control or reserved characters, a reserved device name,
 * or a trailing dot or space.
 */
export function entryNameProblems(name: string): string[] {
  const problems: string[] = [];
  if (Buffer.byteLength(name) > 150) problems.push('longer than 150 bytes');
  // eslint-disable-next-line no-control-regex -- control characters are what is looked for
  if (/[\u0000-\u001f\u007f<>:"/\\|?*]/.test(name)) problems.push('a folder, control or reserved character');
  if (WINDOWS_RESERVED_NAME.test(name)) problems.push('a reserved device name');
  if (/[. ]$/.test(name)) problems.push('a trailing dot or space');
  if (name !== name.normalize('NFC')) problems.push('not NFC');
  if (name === '' || name === '.' || name === '..') problems.push('no name');
  return problems;
}

/** A loopback listener that records every connection, whatever the protocol, and answers with a marker. */
export type Canary = {
  readonly url: string;
  readonly port: number;
  /** "connection" for each connection, then the first line it sent. */
  readonly contacts: string[];
  readonly close: () => Promise<void>;
};

export async function startCanary(): Promise<Canary> {
  const contacts: string[] = [];
  const server = createServer((socket) => {
    contacts.push('connection');
    socket.once('data', (chunk) => contacts.push(chunk.toString('latin1').split('\r\n')[0] ?? ''));
    socket.end('HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nCANARYBODY');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    contacts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
