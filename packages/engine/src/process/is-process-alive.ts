import { readFileSync } from 'node:fs';

/**
 * True while a process exists and has not ended. A process that has ended but whose parent has not yet collected
 * its status (a zombie: the children of a killed server, waiting for init) counts as ended: it holds nothing and
 * will never write again.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    // Gone between the two looks, or no /proc: what kill(0) said stands.
    return process.platform !== 'linux';
  }
}
