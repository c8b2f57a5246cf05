import { copyFile, readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, RETRY_AFTER_SECONDS } from '@quire/shared';
import type { JobContext } from '../ops/types.ts';
import { CircuitBreaker } from './circuit-breaker.ts';
import { convertCold } from './convert-cold.ts';
import { OfficeInstance, type ConvertOutcome } from './office-instance.ts';
import type { OfficeConversion } from './office-formats.ts';
import { removeTree } from '../process/remove-tree.ts';

/** Conversions before an instance is replaced: bounds leaks and whatever state documents leave behind. */
const MAX_CONVERSIONS = 50;
const breaker = new CircuitBreaker(3, 15_000);

/** This thread's instance: started on first use, kept warm between jobs, replaced after a failure. */
let current: Promise<OfficeInstance> | null = null;
/** Conversions run one after another: one instance converts one document at a time. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Converts `inputPath` (an office file whose format was detected from its bytes) to `outputPath` in this thread's
 * warm LibreOffice. The file is copied into the instance's job directory under a name the server makes
 * (`input.<format>`: never the visitor's name), and the directory is emptied afterwards, so a job
 * sees only its own file. Throws `JOB_TIMEOUT` (instance killed) and `SERVER_BUSY` (instance will not start,
 * or the breaker is open).
 */
export function convertInWarmOffice(
  inputPath: string,
  conversion: OfficeConversion,
  outputPath: string,
  ctx: JobContext,
): Promise<ConvertOutcome> {
  const run = queue.then(() => convertNow(inputPath, conversion, outputPath, ctx));
  queue = run.catch(() => undefined);
  return run;
}

/** Stops this thread's instance (tests, shutdown). A worker that exits takes its instance with it anyway. */
export async function stopWarmOffice(): Promise<void> {
  const instance = current;
  current = null;
  await instance?.then((office) => office.stop()).catch(() => undefined);
}

/** The process group of the running instance, if any: for tests that kill LibreOffice from outside. */
export async function warmOfficeProcessGroup(): Promise<number | undefined> {
  return (await current?.catch(() => null))?.processGroupId;
}

async function convertNow(
  inputPath: string,
  conversion: OfficeConversion,
  outputPath: string,
  ctx: JobContext,
): Promise<ConvertOutcome> {
  const deadline = Date.now() + ctx.timeoutMs;
  if (ctx.signal.aborted) throw new AppError('JOB_TIMEOUT', 'The job was stopped before it started.');
  breaker.check();
  const office = await withinJobTime(instance(), deadline, ctx.signal);
  const inputName = `input.${conversion.format}`;
  try {
    await copyFile(inputPath, join(office.jobDir, inputName));
    const remainingMs = Math.max(1, deadline - Date.now());
    const outcome = await office.convert(inputName, 'output.pdf', conversion, remainingMs, ctx.signal);
    if (outcome.kind === 'converted') await moveFile(join(office.jobDir, 'output.pdf'), outputPath);
    if (outcome.kind !== 'crashed') {
      breaker.recordSuccess();
      return outcome;
    }
  } finally {
    await retireIfDone(office);
  }
  // The warm instance crashed on this document: one cold attempt; only a second crash counts for the breaker.
  const converted = await convertCold(
    inputPath,
    conversion,
    outputPath,
    Math.max(1, deadline - Date.now()),
    ctx.signal,
  );
  if (converted) breaker.recordSuccess();
  else breaker.recordFailure();
  return converted ? { kind: 'converted' } : { kind: 'crashed' };
}

function instance(): Promise<OfficeInstance> {
  if (current) return current;
  const starting = OfficeInstance.start().catch((error: unknown) => {
    if (current === starting) current = null;
    breaker.recordFailure();
    throw new AppError(
      'SERVER_BUSY',
      'The document converter could not start.',
      { retryAfterSeconds: RETRY_AFTER_SECONDS },
      { cause: error },
    );
  });
  current = starting;
  return starting;
}

/**
 * Empties the job directory; replaces the instance when it died, was killed, has converted enough, or took in
 * fonts embedded in the document (nothing of one visitor's may serve the next).
 */
async function retireIfDone(office: OfficeInstance): Promise<void> {
  const worn =
    office.conversions >= MAX_CONVERSIONS || (office.isAlive && (await office.holdsDocumentFonts()));
  if (office.isAlive && !worn) {
    const leftovers = await readdir(office.jobDir);
    await Promise.all(leftovers.map((name) => removeTree(join(office.jobDir, name))));
    return;
  }
  if (current && (await current.catch(() => null)) === office) current = null;
  await (office.isAlive ? office.stop() : office.kill());
  // Start the replacement now, so the next visitor does not wait for LibreOffice to start.
  instance().catch(() => undefined);
}

/** Waits for the instance within the job's time; a start that outlasts the job still serves the next one. */
function withinJobTime<T>(promise: Promise<T>, deadline: number, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const fail = () => {
      clearTimeout(timer);
      reject(new AppError('JOB_TIMEOUT', 'The document converter did not start in time.'));
    };
    const timer = setTimeout(fail, Math.max(0, deadline - Date.now()));
    signal.addEventListener('abort', fail, { once: true });
    promise.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal.removeEventListener('abort', fail);
    });
  });
}

async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch {
    // Another file system (EXDEV), or no output at all: the caller checks that the output exists.
    await copyFile(from, to).catch(() => undefined);
  }
}
