// The lock that lets one set-up at a time change a checkout (npm packages, the server bundle, the pages): the others
// wait for it, then find what it did. Plain Node, like setup.mjs, which runs before any npm package is installed.
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';

const POLL_MS = 500;

/**
 * Takes the lock `file`, waiting for as long as a live process holds it, and returns the function that releases it
 * (also called when the process exits). The file names its holder: its pid and when that process started, so that a
 * lock left by a killed set-up, or naming a pid since reused by another process, is stale and is taken over.
 * `onWait(pid)` is called once, when the lock is first found held.
 */
export function acquireSetupLock(file, { onWait = () => {}, pollMs = POLL_MS } = {}) {
  const mine = JSON.stringify({ pid: process.pid, started: processStartTime(process.pid) });
  let hasWaited = false;
  for (;;) {
    if (tryCreate(file, mine)) break;
    const held = readLock(file);
    if (held === null) continue; // released meanwhile
    if (!isHolderAlive(held.owner)) {
      // A dead holder: remove its lock, unless another process has taken it over since it was read. (Two waiters
      // finding the same stale lock within the same few microseconds could both go on: a kill and a double start
      // at once. Each page build has a directory of its own, so even then no build spoils another.)
      if (readLock(file)?.text === held.text) removeFile(file);
      continue;
    }
    if (!hasWaited) onWait(held.owner.pid);
    hasWaited = true;
    sleep(pollMs);
  }
  const release = () => {
    if (readLock(file)?.text === mine) removeFile(file);
    process.removeListener('exit', release);
  };
  process.on('exit', release);
  return release;
}

/** Creates the lock with its whole content at once (a link to a file already written), or says it exists. */
function tryCreate(file, content) {
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, content);
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if (error.code === 'EEXIST') return false;
    throw error;
  } finally {
    removeFile(draft);
  }
}

function readLock(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
  try {
    const owner = JSON.parse(text);
    return { text, owner: Number.isInteger(owner.pid) ? owner : { pid: 0 } };
  } catch {
    return { text, owner: { pid: 0 } }; // not a lock this script wrote: stale
  }
}

/** Whether the process a lock names still runs: its pid is taken, by the same process (the same start time). */
function isHolderAlive({ pid, started }) {
  if (!(pid > 0)) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (error.code !== 'EPERM') return false;
  }
  const now = processStartTime(pid);
  return now === null || started == null || now === started;
}

/** When a process started, in clock ticks since boot (`/proc/<pid>/stat`), or null where there is no /proc. */
export function processStartTime(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name, in parentheses, may hold spaces: count the fields after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function removeFile(file) {
  try {
    unlinkSync(file);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
