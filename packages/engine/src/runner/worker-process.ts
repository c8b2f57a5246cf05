import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { confinedArgs } from '../process/confined-command.ts';
import type { WorkerData } from './messages.ts';

/**
 * The worker entry: a bundle named by QUIRE_WORKER_SCRIPT (the unit tests build one from the sources at the start of
 * their run: it boots in a third of the CPU time), else the one beside this file: `.ts` when running from source
 * (development), `.js` in the built server.
 */
const WORKER_ENTRY =
  process.env.QUIRE_WORKER_SCRIPT ||
  fileURLToPath(
    new URL(import.meta.url.endsWith('.ts') ? './job.worker.ts' : './job.worker.js', import.meta.url),
  );
/** A TypeScript entry is loaded through tsx, resolved from here (not from the cwd). */
const SOURCE_LOADER_ARGS = WORKER_ENTRY.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : [];

/**
 * Document work yields to the server: the worker process, and every program it starts, runs at a lower CPU
 * priority than the server's event loop, so that accepting connections, reading uploads and answering `/healthz`
 * stay prompt while the cores are busy with jobs (`npm run bench load`).
 */
export const JOB_NICENESS = 10;
/**
 * A long job's processes run lower still (the pool renices them when the job declares its work), so that a short
 * job on another worker of a busy machine gets most of a core: CFS weighs niceness 10 about nine times 19.
 */
export const LONG_JOB_NICENESS = 19;

export type WorkerProcessOptions = Omit<WorkerData, 'maxOutputBytes'> & {
  /** The size cap of any one file the worker or its programs write (`RLIMIT_FSIZE`): the output budget. */
  maxFileBytes: number;
};

/**
 * Starts a worker process: `nice` lowers its priority (every thread and child inherits it), `prlimit` caps the size
 * of each file it writes and turns off core dumps, `setpriv --pdeathsig KILL` makes the kernel kill it if the server
 * dies, even while it is busy in WebAssembly and cannot hear its IPC channel close. Messages use the structured
 * clone serialisation, so results and errors keep their shape.
 */
export function startWorkerProcess({ maxFileBytes, ...rest }: WorkerProcessOptions): ChildProcess {
  const data: WorkerData = { ...rest, maxOutputBytes: maxFileBytes };
  const env = { ...process.env };
  // A loader or inspector of the parent (a test runner's) is not the worker's business.
  delete env.NODE_OPTIONS;
  return spawn(
    'nice',
    [
      '-n',
      String(JOB_NICENESS),
      'prlimit',
      ...confinedArgs({ maxFileBytes }, process.execPath, [
        ...SOURCE_LOADER_ARGS,
        WORKER_ENTRY,
        JSON.stringify(data satisfies WorkerData),
      ]),
    ],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced', env },
  );
}
