import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ErrorCode, ToolId } from '@quire/shared';
import { createTestApp, type TestApp } from '@quire/test-kit/test-app';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  expectOutput,
  expectRefusal,
  expectStillServing,
  postTool,
  startCanary,
  type Canary,
} from './harness.ts';

/**
 * What the hardening tables of the office tools (Word, Excel and PowerPoint to PDF, group D) check alike: a hostile
 * document converted to a PDF holding its own text and nothing it could have fetched or read, and a table of
 * containers, each answered as its row says, after which the same server still converts.
 */

const hostname = readFileSync('/etc/hostname', 'utf8').trim();
const squeeze = (text: string) => text.replace(/\s+/g, '');

/** Runs `use` with a PDF answer written to a temporary file. */
export async function withPdfFile<T>(pdf: Buffer, use: (path: string) => T): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-office-answer-'));
  try {
    await writeFile(join(dir, 'out.pdf'), pdf);
    return use(join(dir, 'out.pdf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF answer, white space removed (LibreOffice and pdftotext disagree on it). */
export const pdfTextOf = (pdf: Buffer) =>
  withPdfFile(pdf, (path) =>
    squeeze(execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' })),
  );

/** The images of a PDF answer, one line each, as `pdfimages -list` lists them (after its two header lines). */
export const pdfImagesOf = (pdf: Buffer) =>
  withPdfFile(pdf, (path) =>
    execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean),
  );

/**
 * Sends `bytes` as `name` to `toolId` and checks the answer: a PDF with the document's own text and no canary
 * answer nor this machine's hostname in it, and no connection to the canary, even late. Returns the PDF's text,
 * white space removed.
 */
export async function expectConvertedSafely(
  testApp: TestApp,
  canary: Canary,
  toolId: ToolId,
  { name, bytes, ownText }: { name: string; bytes: Uint8Array; ownText: string },
): Promise<{ text: string; pdf: Buffer }> {
  const reply = await postTool(testApp, toolId, [{ name, bytes }]);
  expectOutput(reply, toolId);
  const text = await pdfTextOf(reply.rawPayload);
  expect(text).toContain(squeeze(ownText));
  expect(text).not.toContain('CANARYBODY');
  expect(text).not.toContain(squeeze(hostname));
  // Let any late fetch arrive before looking.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(canary.contacts).toEqual([]);
  return { text, pdf: reply.rawPayload };
}

/** A row of a container table: [item, what, file name, bytes, 200 (converts) or [status, code]]. */
export type ContainerRow = [
  item: string,
  what: string,
  name: string,
  build: () => Uint8Array | Promise<Uint8Array>,
  outcome: 200 | [number, ErrorCode],
];

/**
 * Sends a row's file to `toolId` and checks its answer (a refusal names the file, in its details and its message);
 * then the job directory is gone and the same server still converts the tool's own probe document: LibreOffice was
 * never left waiting (on a password prompt, say).
 */
export async function expectContainerRow(
  testApp: TestApp,
  toolId: ToolId,
  [, , name, build, outcome]: ContainerRow,
): Promise<void> {
  const reply = await postTool(testApp, toolId, [{ name, bytes: await build() }]);
  if (outcome === 200) {
    expectOutput(reply, toolId);
  } else {
    const error = expectRefusal(reply, outcome[0], outcome[1]);
    expect(error.details).toMatchObject({ fileIndex: 0, fileName: name });
    expect(error.message).toContain(`"${name}"`);
  }
  await expectStillServing(testApp, [toolId]);
}

/**
 * One test app and one loopback canary (`startCanary`) for a file of office hardening rows: started before its
 * rows, closed after them. Read `testApp` and `canary` inside the tests, once they have started.
 */
export function useOfficeHardeningApp(): { readonly testApp: TestApp; readonly canary: Canary } {
  const started: { testApp?: TestApp; canary?: Canary } = {};
  beforeAll(async () => {
    started.testApp = await createTestApp();
    started.canary = await startCanary();
  });
  afterAll(async () => {
    await started.canary?.close();
    await started.testApp?.close();
  });
  const missing = (): never => {
    throw new Error('the office test app is read before its rows started');
  };
  return {
    get testApp() {
      return started.testApp ?? missing();
    },
    get canary() {
      return started.canary ?? missing();
    },
  };
}
