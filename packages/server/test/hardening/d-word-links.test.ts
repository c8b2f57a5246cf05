import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useOfficeHardeningApp } from './office-harness.ts';
import {
  createFloatingFrameOdt,
  createFontTraversalDocx,
  createFontTraversalOdt,
  createLinkedOleDocx,
  createSchemeLinkDocx,
  createUncLinkDocx,
  createWebserviceFods,
  createWebserviceXlsx,
} from '@quire/test-kit/hostile-word';
import { expectOutput, expectRefusal, expectStillServing, postTool, type Reply } from './harness.ts';

/**
 * Hardening catalogue, group D: the Word to PDF items about what links, formulas, URL schemes and embedded fonts
 * could reach (docs/hardening.md, items 37–40, 42); `d-word.test.ts` has the others. Every document goes through
 * the HTTP API, with a raw TCP canary listening on loopback. Spreadsheets and flat ODF documents are refused by type
 * detection before LibreOffice sees them; the Word and OpenDocument texts convert, and the PDF must hold their own text only:
 * no image, no local file, no environment value. The embedded font's name must not become a file anywhere, which
 * is checked on disk and, where strace is installed, in LibreOffice's own system calls.
 */

/** The rows' server and the canary on loopback that no document may reach. */
const served = useOfficeHardeningApp();
const hostname = readFileSync('/etc/hostname', 'utf8').trim();
const passwdFirstLine = readFileSync('/etc/passwd', 'utf8').split('\n')[0] ?? '';
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const squeeze = (text: string) => text.replace(/\s+/g, '');
/** Item 38's bound: a warm conversion takes a few hundred milliseconds; a wait on a share or a host, far longer. */
const MAX_UNC_CONVERSION_MS = 10_000;

/** Runs `use` with a PDF answer written to a temporary file. */
async function withPdfFile<T>(pdf: Buffer, use: (path: string) => T): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-word-links-'));
  try {
    await writeFile(join(dir, 'out.pdf'), pdf);
    return use(join(dir, 'out.pdf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF answer, spaces removed (LibreOffice and pdftotext disagree on them). */
const readPdfText = (pdf: Buffer) =>
  withPdfFile(pdf, (path) =>
    squeeze(execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' })),
  );

/** The images of a PDF answer, one line each, as `pdfimages -list` lists them (after its two header lines). */
const listPdfImages = (pdf: Buffer) =>
  withPdfFile(pdf, (path) =>
    execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean),
  );

/**
 * Every object of a PDF answer as text, streams uncompressed: link annotations, metadata and the rest that
 * pdftotext does not show. qpdf exits 3 on warnings, which is fine here.
 */
const readPdfObjects = (pdf: Buffer) =>
  withPdfFile(pdf, (path) => {
    const qdf = spawnSync('qpdf', ['--qdf', '--object-streams=disable', path, '-'], {
      encoding: 'latin1',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect([0, 3]).toContain(qdf.status);
    return qdf.stdout;
  });

/**
 * Checks a converted document: a PDF with the document's own text and nothing else: no image, no canary answer,
 * no hostname, no line of `/etc/passwd`, and no connection to the canary. Returns the PDF for further checks.
 */
async function expectConvertedAlone(reply: Reply, ownText: string): Promise<Buffer> {
  expectOutput(reply, 'word-to-pdf');
  const text = await readPdfText(reply.rawPayload);
  expect(text).toContain(squeeze(ownText));
  expect(text).not.toContain('CANARYBODY');
  expect(text).not.toContain(squeeze(hostname));
  expect(text).not.toContain(squeeze(passwdFirstLine));
  expect(await listPdfImages(reply.rawPayload)).toEqual([]);
  await expectNoContact();
  return reply.rawPayload;
}

/** Nothing connected to the canary, even late. */
async function expectNoContact() {
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(served.canary.contacts).toEqual([]);
}

/** Refused by type detection, whatever the name: 415, naming the file; the canary was never contacted. */
async function expectNotWord(uploads: ReadonlyArray<readonly [name: string, bytes: Uint8Array]>) {
  for (const [name, bytes] of uploads) {
    const error = expectRefusal(
      await postTool(served.testApp, 'word-to-pdf', [{ name, bytes }]),
      415,
      'INVALID_FILE_TYPE',
    );
    expect(error.details).toMatchObject({ fileIndex: 0, fileName: name });
    expect(error.message).toContain(`"${name}"`);
  }
  await expectNoContact();
}

/** This process's LibreOffice programs (soffice.bin), as pids: the office worker's warm instance. */
function findOfficeProcesses(): number[] {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,comm='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/));
  const parentOf = new Map(rows.map(([pid, parent]) => [Number(pid), Number(parent)]));
  const isOurs = (pid: number) => {
    for (let parent = parentOf.get(pid); parent; parent = parentOf.get(parent)) {
      if (parent === process.pid) return true;
    }
    return false;
  };
  return rows
    .filter(([pid, , command]) => command === 'soffice.bin' && isOurs(Number(pid)))
    .map(([pid]) => Number(pid))
    .sort((a, b) => a - b);
}

describe('D. Word to PDF: formulas, UNC paths, URL schemes, fonts and linked objects (items 37–40, 42)', () => {
  it('37. a .fods and an .xlsx calling WEBSERVICE on a local file and on the served.canary never reach LibreOffice (415)', async () => {
    const fods = createWebserviceFods(served.canary.url);
    const xlsx = createWebserviceXlsx(served.canary.url);
    await expectNotWord([
      ['webservice.fods', fods],
      ['webservice.xlsx', xlsx],
      ['fods.docx', fods],
      ['xlsx.docx', xlsx],
    ]);
    await expectStillServing(served.testApp, ['word-to-pdf']);
  }, 120_000);

  it('38. images linked to UNC and SMB paths and to the served.canary by file://: nothing fetched or embedded, no wait', async () => {
    // LibreOffice is running already, so the time measured is this document's alone; waiting on an SMB share, a
    // name lookup or a connection to 10.0.0.5 would take tens of seconds.
    await expectStillServing(served.testApp, ['word-to-pdf']);
    const started = performance.now();
    const reply = await postTool(served.testApp, 'word-to-pdf', [
      { name: 'unc.docx', bytes: createUncLinkDocx(served.canary.port) },
    ]);
    const elapsedMs = performance.now() - started;
    await expectConvertedAlone(reply, 'Quire UNC canary');
    expect(elapsedMs).toBeLessThan(MAX_UNC_CONVERSION_MS);
    await expectStillServing(served.testApp, ['word-to-pdf']);
  }, 120_000);

  it('39. images and links at vnd.sun.star.expand:, vnd.libreoffice.command: and macro: URLs: nothing expanded, run or embedded', async () => {
    await expectStillServing(served.testApp, ['word-to-pdf']);
    const office = findOfficeProcesses();
    expect(office).toHaveLength(1);
    const reply = await postTool(served.testApp, 'word-to-pdf', [
      { name: 'schemes.docx', bytes: createSchemeLinkDocx(served.canary.url) },
    ]);
    const pdf = await expectConvertedAlone(reply, 'Quire scheme canary');
    // What the expansions would give inside the sandbox ($HOME, ${SYSUSERCONFIG} below it, $BRAND_BASE_DIR and
    // the profile), and this server's own home: in neither the text nor any object (a link's URI, say).
    const values = ['/home/office', '/usr/lib/libreoffice', 'file:///profile', homedir()].filter(
      (value) => value.length > 1,
    );
    const text = await readPdfText(pdf);
    const objects = await readPdfObjects(pdf);
    for (const value of values) {
      expect(text).not.toContain(value);
      expect(objects).not.toContain(value);
    }
    // `.uno:Quit` did not run: the same LibreOffice converted the document, without crashing or being replaced.
    expect(findOfficeProcesses()).toEqual(office);
    await expectStillServing(served.testApp, ['word-to-pdf']);
    expect(findOfficeProcesses()).toEqual(office);
  }, 120_000);

  // Each row also shows that the LibreOffice that installed the document's font never converts the next visitor's
  // file: it is replaced before the answer, and its replacement, given a document without fonts, stays warm.
  it.each([
    ['docx', createFontTraversalDocx],
    ['odt', createFontTraversalOdt],
  ] as const)(
    '40. a .%s embedding a font named ../../../../pwn: no file written outside the job directory, and the LibreOffice that installed it converts nothing more',
    async (format, create) => {
      // A real TrueType font, which LibreOffice keeps on disk (junk it deletes again at once): a file written through
      // the font's name would still be there to find.
      const bytes = create(await readSmallestSystemFont());
      await expectStillServing(served.testApp, ['word-to-pdf']);
      const work = await mkdtemp(join(tmpdir(), 'quire-font-trace-'));
      let trace: Awaited<ReturnType<typeof traceFiles>> | null = null;
      try {
        const marker = join(work, 'marker');
        await writeFile(marker, '');
        // Where a file could land: the temp dir (LibreOffice's private directories are in it), the repository, the
        // job root and its parent, and the home directory.
        const roots = [
          tmpdir(),
          repoRoot,
          served.testApp.jobRoot,
          dirname(served.testApp.jobRoot),
          homedir(),
        ];
        const office = findOfficeProcesses();
        expect(office).toHaveLength(1);
        trace = hasStrace() ? await traceFiles(office, join(work, 'trace')) : null;

        const reply = await postTool(served.testApp, 'word-to-pdf', [{ name: `font.${format}`, bytes }]);
        // Replaced before the answer: the font went with the instance and its profile.
        for (const pid of office) expect(findOfficeProcesses()).not.toContain(pid);
        const written = await trace?.stop();
        if (reply.statusCode === 200) {
          await expectConvertedAlone(reply, 'Quire font canary');
        } else {
          expectRefusal(reply, 422, 'FILE_DAMAGED');
        }

        // One walk of the roots, after the conversion (each takes seconds): nothing named pwn was created, written,
        // renamed or linked since the marker was. Each of those sets a file's change time, as creating the marker
        // set its own, so files from before (none are expected) are told apart without a walk before.
        const markedAt = statSync(marker).ctimeMs / 1000;
        expect(
          findPwnFiles(roots)
            .filter((file) => file.changedAt >= markedAt)
            .map((file) => file.path),
        ).toEqual([]);
        if (written) {
          // The trace is LibreOffice's: it read the job's input, and unpacked the font into its own font folder.
          expect(written.log).toContain(`/job/input.${format}`);
          expect(written.created.some((path) => path.includes('/embeddedfonts/'))).toBe(true);
          // Nothing named after the font was created, renamed or linked anywhere but the job directory.
          expect(written.created.filter((path) => /pwn/i.test(path) && !path.startsWith('/job/'))).toEqual(
            [],
          );
        }
      } finally {
        await trace?.stop();
        await rm(work, { recursive: true, force: true });
      }
      await expectStillServing(served.testApp, ['word-to-pdf']);
      // A document without fonts of its own leaves the replacement warm.
      const warm = findOfficeProcesses();
      expect(warm).toHaveLength(1);
      await expectStillServing(served.testApp, ['word-to-pdf']);
      expect(findOfficeProcesses()).toEqual(warm);
    },
    120_000,
  );

  it('42. linked OLE objects whose previews link a local file, the served.canary and a readable image: none loaded', async () => {
    const reply = await postTool(served.testApp, 'word-to-pdf', [
      { name: 'ole.docx', bytes: createLinkedOleDocx(served.canary.url) },
    ]);
    if (reply.statusCode === 200) {
      await expectConvertedAlone(reply, 'Quire OLE canary');
    } else {
      expectRefusal(reply, 422, 'FILE_DAMAGED');
      await expectNoContact();
    }
    await expectStillServing(served.testApp, ['word-to-pdf']);
  }, 120_000);

  it('42. a flat ODF document with a floating frame on the served.canary never reaches LibreOffice (415)', async () => {
    const fodt = createFloatingFrameOdt(served.canary.url);
    await expectNotWord([
      ['frame.fodt', fodt],
      ['frame.docx', fodt],
    ]);
    await expectStillServing(served.testApp, ['word-to-pdf']);
  }, 120_000);
});

/** The smallest TrueType font installed, or nothing (the generator's stand-in bytes) if there is none. */
async function readSmallestSystemFont(): Promise<Uint8Array | undefined> {
  const args = ['/usr/share/fonts', '-name', '*.ttf', '-size', '-64k', '-printf', '%s %p\n'];
  const found = spawnSync('find', args, { encoding: 'utf8' });
  const smallest = (found.stdout ?? '')
    .split('\n')
    .filter(Boolean)
    .map((line) => [Number(line.split(' ')[0]), line.slice(line.indexOf(' ') + 1)] as const)
    .sort(([a, pathA], [b, pathB]) => a - b || pathA.localeCompare(pathB))[0];
  return smallest ? readFile(smallest[1]) : undefined;
}

/**
 * Files named `pwn*`, in any case, under `roots`, sorted by path, each with the time it was last changed (written,
 * renamed or linked; seconds since 1970); places that cannot be read are skipped.
 */
function findPwnFiles(roots: readonly string[]): { path: string; changedAt: number }[] {
  const args = [...new Set(roots), '-iname', 'pwn*', '-printf', '%C@ %p\n'];
  const found = spawnSync('find', args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  const files = new Map<string, number>();
  for (const line of (found.stdout ?? '').split('\n').filter(Boolean)) {
    const space = line.indexOf(' ');
    files.set(line.slice(space + 1), Number(line.slice(0, space)));
  }
  return [...files]
    .map(([path, changedAt]) => ({ path, changedAt }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

function hasStrace(): boolean {
  return spawnSync('strace', ['-V']).status === 0;
}

type FileTrace = {
  /** The traced system calls, one a line, as strace wrote them. */
  log: string;
  /** Paths created, renamed, linked or opened for writing (or tried), `..` resolved; sandbox paths. */
  created: string[];
};

/**
 * Attaches strace to `pids` and all their threads and children, recording the system calls that create, open,
 * rename or link files, until `stop()` is called (once or more: it stops once).
 */
async function traceFiles(
  pids: readonly number[],
  output: string,
): Promise<{ stop: () => Promise<FileTrace> }> {
  expect(pids.length).toBeGreaterThan(0);
  const calls =
    'trace=open,openat,creat,rename,renameat,renameat2,link,linkat,symlink,symlinkat,mkdir,mkdirat';
  const strace = spawn(
    'strace',
    ['-f', '-e', calls, '-o', output, ...pids.flatMap((pid) => ['-p', String(pid)])],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let messages = '';
  strace.stderr.setEncoding('utf8').on('data', (chunk: string) => (messages += chunk));
  const exited = new Promise<void>((resolve) => strace.once('exit', () => resolve()));
  // strace says `Process N attached` for each process once it traces it.
  const countAttached = () =>
    strace.exitCode === null ? (messages.match(/Process \d+ attached/g) ?? []).length : -1;
  try {
    await expect.poll(countAttached, { timeout: 10_000 }).toBeGreaterThanOrEqual(pids.length);
  } catch (error) {
    strace.kill('SIGINT');
    throw new Error(`strace could not trace LibreOffice: ${messages.trim()}`, { cause: error });
  }
  let stopped: Promise<FileTrace> | null = null;
  const stop = async () => {
    // SIGINT makes strace detach, leaving LibreOffice running.
    strace.kill('SIGINT');
    await exited;
    const log = await readFile(output, 'utf8');
    return { log, created: listCreatedPaths(log) };
  };
  return { stop: () => (stopped ??= stop()) };
}

/**
 * Paths a trace shows created, renamed, linked or opened for writing, whether or not the call succeeded, with `..`
 * resolved; relative ones are in `/job`, LibreOffice's working directory.
 */
function listCreatedPaths(trace: string): string[] {
  const paths: string[] = [];
  for (const line of trace.split('\n')) {
    const call = /^\d+\s+(\w+)\((.*)$/.exec(line);
    if (!call?.[1] || !call[2]) continue;
    const [, name, rest] = call;
    const isOpen = name === 'open' || name === 'openat';
    if (isOpen && !/O_CREAT|O_WRONLY|O_RDWR|O_TRUNC/.test(rest)) continue;
    for (const match of rest.matchAll(/"((?:[^"\\]|\\.)*)"/g)) {
      paths.push(posix.resolve('/job', match[1] ?? ''));
    }
  }
  return paths;
}
