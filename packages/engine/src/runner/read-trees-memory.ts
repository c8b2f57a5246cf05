import { readFile, readdir } from 'node:fs/promises';

const PAGE_BYTES = 4096;
/** Files of `/proc` read at once: enough to keep the thread pool busy, few enough not to crowd out uploads. */
const READS_AT_ONCE = 16;

type Entry = { pid: number; parentPid: number; residentBytes: number };

/**
 * The resident memory of each root's process tree (the process and every live descendant), in bytes, from one
 * pass over `/proc`, as `sampleProcessTrees` finds them, but read with asynchronous file reads: a pass reads every
 * process's stat file (hundreds on a busy machine), which synchronously would hold the event loop for tens of
 * milliseconds. For figures that may wait (metrics, a heartbeat), never for the budget watch, which must be prompt.
 */
export async function readTreesMemory(rootPids: readonly number[]): Promise<number[]> {
  if (rootPids.length === 0) return [];
  const pids = (await readdir('/proc')).map(Number).filter(Number.isInteger);
  const byParent = new Map<number, Entry[]>();
  const byPid = new Map<number, Entry>();
  for (let start = 0; start < pids.length; start += READS_AT_ONCE) {
    const entries = await Promise.all(pids.slice(start, start + READS_AT_ONCE).map(readEntry));
    for (const entry of entries) {
      if (!entry) continue;
      byPid.set(entry.pid, entry);
      const siblings = byParent.get(entry.parentPid);
      if (siblings) siblings.push(entry);
      else byParent.set(entry.parentPid, [entry]);
    }
  }
  return rootPids.map((rootPid) => {
    const root = byPid.get(rootPid);
    if (!root) return 0;
    const tree = [root];
    for (let index = 0; index < tree.length; index += 1) {
      tree.push(...(byParent.get(tree[index]?.pid ?? -1) ?? []));
    }
    return tree.reduce((sum, entry) => sum + entry.residentBytes, 0);
  });
}

/** One process's parent and resident memory from `/proc/<pid>/stat`; null when it is gone or a zombie. */
async function readEntry(pid: number): Promise<Entry | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'latin1').catch(() => null);
  if (stat === null) return null;
  // Fields start after the command name's last ')': 0 state, 1 parent, 21 resident pages.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields[0] === 'Z') return null;
  return { pid, parentPid: Number(fields[1]), residentBytes: Number(fields[21] ?? 0) * PAGE_BYTES };
}
