import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { AppError } from '@quire/shared';
import { writeHardenedProfile } from './hardened-profile.ts';
import type { OfficeConversion } from './office-formats.ts';
import { officeDirPrefix } from './office-dirs.ts';
import { sandboxArgs } from './sandbox-args.ts';
import { removeTree } from '../process/remove-tree.ts';

/** What one conversion request came to; a timeout is thrown instead (`JOB_TIMEOUT`), after the kill. */
export type ConvertOutcome = { kind: 'converted' } | { kind: 'failed'; error: string } | { kind: 'crashed' };

/** soffice listens after ≈ 1.5 s; a start that takes far longer is a broken instance. */
const START_TIMEOUT_MS = 30_000;
/** soffice maps ≈ 1 GB of address space when idle; the cap stops a hostile document from taking the machine. */
const MAX_MEMORY_BYTES = 4 * 1024 * 1024 * 1024;
const BRIDGE_PATH = fileURLToPath(new URL('./uno-bridge.py', import.meta.url));

type Reply = { ready?: boolean; ok?: boolean; error?: string };
type Child = ChildProcessByStdio<Writable, Readable, Readable>;

/**
 * One sandboxed LibreOffice with its UNO bridge (uno-bridge.py), kept running between conversions. Everything
 * it may touch lives in one private directory: the profile, `HOME`, `TMPDIR` and `job/`, the only place a
 * document is put (seen as `/job` inside the sandbox). The bridge, soffice and anything soffice starts form
 * one process group that `kill()` ends at once; they also die with the thread that started them.
 */
export class OfficeInstance {
  readonly #child: Child;
  readonly #root: string;
  readonly #exited: Promise<void>;
  #waiting: ((reply: Reply | null) => void) | null = null;
  #alive = true;
  #conversions = 0;
  #stderr = '';

  private constructor(child: Child, root: string) {
    this.#child = child;
    this.#root = root;
    this.#exited = new Promise((resolve) => child.once('exit', () => resolve()));
    void this.#exited.then(() => {
      this.#alive = false;
      this.#waiting?.(null);
    });
    createInterface({ input: child.stdout }).on('line', (line) => this.#waiting?.(parseReply(line)));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      this.#stderr = (this.#stderr + chunk).slice(-2000);
    });
    child.stdin.on('error', () => {
      // The bridge is gone; the exit handler reports it.
    });
    // An idle instance must not keep its process alive (a benchmark, a test, a server shutting down): it dies
    // with the thread that started it. While a request waits, its timer keeps the process running.
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr]) {
      (stream as unknown as { unref?: () => void }).unref?.();
    }
  }

  /** Starts a new instance with a fresh hardened profile and waits until it accepts documents. */
  static async start(): Promise<OfficeInstance> {
    const root = await mkdtemp(officeDirPrefix('warm'));
    await Promise.all(['home', 'tmp', 'job'].map((dir) => mkdir(join(root, dir))));
    await writeHardenedProfile(join(root, 'profile'));
    const child = spawn(
      'prlimit',
      [
        `--as=${MAX_MEMORY_BYTES}`,
        '--core=0',
        '--',
        'bwrap',
        ...sandboxArgs(root, BRIDGE_PATH),
        '/usr/bin/python3',
        '/bridge/uno-bridge.py',
        'file:///profile',
      ],
      { detached: true, stdio: ['pipe', 'pipe', 'pipe'], env: { PATH: '/usr/bin:/bin' } },
    );
    const instance = new OfficeInstance(child, root);
    const ready = await instance.#nextReply(START_TIMEOUT_MS);
    if (ready === null || ready === 'timeout' || !ready.ready) {
      const detail = instance.#stderr.trim().split('\n').pop() ?? '';
      await instance.kill();
      throw new Error(`LibreOffice did not start${detail ? `: ${detail}` : ''}`);
    }
    return instance;
  }

  get isAlive(): boolean {
    return this.#alive;
  }

  get conversions(): number {
    return this.#conversions;
  }

  /** Host path of the directory the sandbox sees as `/job`. */
  get jobDir(): string {
    return join(this.#root, 'job');
  }

  /**
   * Whether LibreOffice unpacked fonts embedded in a document into its profile: they stay installed in the
   * running instance, where a later visitor's document could be set in them.
   */
  async holdsDocumentFonts(): Promise<boolean> {
    const fonts = join(this.#root, 'profile', 'user', 'temp', 'embeddedfonts');
    const found = await readdir(fonts, { recursive: true, withFileTypes: true }).catch(() => []);
    return found.some((entry) => entry.isFile());
  }

  /** The process group's id, for tests that kill it from outside. */
  get processGroupId(): number | undefined {
    return this.#child.pid;
  }

  /**
   * Converts `/job/<inputName>` to `/job/<outputName>` as `conversion` says (PDF filter, import filter, fit to
   * width). On timeout or abort the instance is killed and
   * `JOB_TIMEOUT` thrown; a crash is reported as `crashed`. Either way the instance is then dead.
   */
  async convert(
    inputName: string,
    outputName: string,
    conversion: OfficeConversion,
    timeoutMs: number,
    signal: AbortSignal,
  ) {
    if (this.#waiting) throw new Error('OfficeInstance converts one document at a time');
    this.#conversions += 1;
    const request = {
      input: `/job/${inputName}`,
      output: `/job/${outputName}`,
      pdfFilter: conversion.pdfFilter,
      ...(conversion.loadFilter
        ? { loadFilter: conversion.loadFilter.filter, loadOptions: conversion.loadFilter.options }
        : {}),
      fitWidth: conversion.fitWidth === true,
      ...(conversion.sheetName === undefined ? {} : { sheetName: conversion.sheetName }),
    };
    this.#child.stdin.write(`${JSON.stringify(request)}\n`);
    const reply = await this.#nextReply(timeoutMs, signal);
    if (reply === 'timeout') {
      await this.kill();
      throw signal.reason instanceof AppError
        ? signal.reason
        : new AppError(
            'JOB_TIMEOUT',
            `The conversion did not finish within ${Math.round(timeoutMs / 1000)} s.`,
          );
    }
    if (reply === null) return { kind: 'crashed' } satisfies ConvertOutcome;
    return reply.ok
      ? ({ kind: 'converted' } satisfies ConvertOutcome)
      : ({ kind: 'failed', error: reply.error ?? 'unknown error' } satisfies ConvertOutcome);
  }

  /** Kills the whole process group at once and deletes the instance's directory (profile, temp files, job). */
  async kill(): Promise<void> {
    if (this.#alive && this.#child.pid !== undefined) {
      try {
        process.kill(-this.#child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await this.#exited;
    await removeTree(this.#root);
  }

  /** Asks the bridge to close LibreOffice (end of its input), then kills whatever is left after a moment. */
  async stop(): Promise<void> {
    this.#child.stdin.end();
    await Promise.race([this.#exited, new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
    await this.kill();
  }

  /** The bridge's next line; null when it exited first; 'timeout' when the time ran out or `signal` aborted. */
  #nextReply(timeoutMs: number, signal?: AbortSignal): Promise<Reply | null | 'timeout'> {
    if (!this.#alive) return Promise.resolve(null);
    if (signal?.aborted) return Promise.resolve('timeout');
    return new Promise((resolve) => {
      const done = (value: Reply | null | 'timeout') => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.#waiting = null;
        resolve(value);
      };
      const onAbort = () => done('timeout');
      const timer = setTimeout(onAbort, timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting = done;
    });
  }
}

function parseReply(line: string): Reply {
  try {
    return JSON.parse(line) as Reply;
  } catch {
    return { ok: false, error: `unexpected output: ${line.slice(0, 200)}` };
  }
}
