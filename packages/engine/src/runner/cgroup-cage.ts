import { mkdirSync, readFileSync, readdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CageFactory, ProcessCage } from './process-cage.ts';
import { isProcessAlive } from '../process/is-process-alive.ts';
import { killProcesses, sampleProcesses } from './process-tree.ts';

/** Every cgroup Quire makes starts with this, followed by the making server's pid. */
const CAGE_PREFIX = 'quire-';

type Hierarchy = {
  version: 1 | 2;
  /** The directory of this process's own cgroup, under which the cages are made. */
  parent: string;
};

/**
 * A factory for cgroup cages when this process may make them (root, or a delegated cgroup), or null. Tries the
 * unified hierarchy first (cgroup v2, Debian 12's default), then the v1 memory controller (hybrid mounts).
 */
export function createCgroupFactory(): CageFactory | null {
  const hierarchy = findV2Hierarchy() ?? findV1Hierarchy();
  if (!hierarchy) return null;
  sweepCages(hierarchy.parent);
  const { version, parent } = hierarchy;
  return {
    kind: version === 2 ? 'cgroup-v2' : 'cgroup-v1',
    create: (name, memoryLimitBytes) =>
      createCage(version, join(parent, `${CAGE_PREFIX}${name}`), memoryLimitBytes),
  };
}

function createCage(version: 1 | 2, dir: string, memoryLimitBytes: number): ProcessCage {
  mkdirSync(dir);
  const file = (name: string) => join(dir, name);
  if (version === 2) {
    writeFileSync(file('memory.max'), String(memoryLimitBytes));
    // The kernel kills the whole cage at once rather than one process of it (a qpdf, leaving a confused worker).
    writeFileSync(file('memory.oom.group'), '1');
    tryWrite(file('memory.swap.max'), '0');
  } else {
    writeFileSync(file('memory.limit_in_bytes'), String(memoryLimitBytes));
    // With swap accounting on, memory and swap together get the same cap: the budget cannot be paged out.
    tryWrite(file('memory.memsw.limit_in_bytes'), String(memoryLimitBytes));
  }
  const members = () => readPids(file('cgroup.procs'));
  return {
    kind: version === 2 ? 'cgroup-v2' : 'cgroup-v1',
    enter(pid) {
      writeFileSync(file('cgroup.procs'), String(pid));
    },
    sample: () => sampleProcesses(members()),
    oomKills() {
      const text = readOrEmpty(file(version === 2 ? 'memory.events' : 'memory.oom_control'));
      return Number(/^oom_kill (\d+)$/m.exec(text)?.[1] ?? 0);
    },
    killAll() {
      if (version === 2 && tryWrite(file('cgroup.kill'), '1')) return;
      killProcesses(members());
    },
    dispose: () => removeWhenEmpty(dir),
  };
}

/** A cgroup can be removed once its last member has exited: a killed LibreOffice may take a moment. */
const DISPOSE_ATTEMPTS = 50;
const DISPOSE_RETRY_MS = 100;

async function removeWhenEmpty(dir: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      rmdirSync(dir);
      return;
    } catch (error) {
      // Members still exiting: try again shortly; past the attempts, the next server start sweeps it.
      if ((error as NodeJS.ErrnoException).code !== 'EBUSY' || attempt >= DISPOSE_ATTEMPTS) return;
      await new Promise((resolve) => setTimeout(resolve, DISPOSE_RETRY_MS));
    }
  }
}

function findV2Hierarchy(): Hierarchy | null {
  const path = /^0::(\/.*)$/m.exec(readOrEmpty('/proc/self/cgroup'))?.[1];
  const mount = mountPoints('cgroup2')[0];
  if (!path || !mount) return null;
  const own = join(mount, path);
  if (!readOrEmpty(join(own, 'cgroup.controllers')).split(/\s+/).includes('memory')) return null;
  // cgroup v2 lets a group hand controllers to its children only while it holds no process itself: the server
  // moves into a leaf of its own first (as systemd's delegated services do).
  if (!tryWrite(join(own, 'cgroup.subtree_control'), '+memory')) {
    const leaf = join(own, `${CAGE_PREFIX}server-${process.pid}`);
    try {
      mkdirSync(leaf, { recursive: true });
      for (const pid of readPids(join(own, 'cgroup.procs')))
        tryWrite(join(leaf, 'cgroup.procs'), String(pid));
    } catch {
      return null;
    }
    if (!tryWrite(join(own, 'cgroup.subtree_control'), '+memory')) return null;
  }
  return isWritable(own) ? { version: 2, parent: own } : null;
}

function findV1Hierarchy(): Hierarchy | null {
  const path = /^\d+:(?:[^:]*,)?memory(?:,[^:]*)?:(\/.*)$/m.exec(readOrEmpty('/proc/self/cgroup'))?.[1];
  const mount = mountPoints('cgroup').find((point) =>
    readOrEmpty('/proc/self/mountinfo')
      .split('\n')
      .some((line) => line.includes(` ${point} `) && /\bmemory\b/.test(line.split(' - ')[1] ?? '')),
  );
  if (!path || !mount) return null;
  const own = join(mount, path);
  return isWritable(own) ? { version: 1, parent: own } : null;
}

/** Mount points of a file system type, from `/proc/self/mountinfo` (field 5 is the mount point). */
function mountPoints(fsType: string): string[] {
  return readOrEmpty('/proc/self/mountinfo')
    .split('\n')
    .filter((line) => line.split(' - ')[1]?.startsWith(`${fsType} `))
    .map((line) => line.split(' ')[4] ?? '')
    .filter(Boolean);
}

/** True when a cage can be made and removed here: the test that counts, rather than reading permissions. */
function isWritable(parent: string): boolean {
  const probe = join(parent, `${CAGE_PREFIX}probe-${process.pid}`);
  try {
    mkdirSync(probe);
    rmdirSync(probe);
    return true;
  } catch {
    return false;
  }
}

/** Removes the empty cages of servers that are gone (a cgroup with processes in it cannot be removed). */
function sweepCages(parent: string): void {
  for (const name of readdirSync(parent)) {
    const pid = Number(/^quire-(?:server-)?(\d+)/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isProcessAlive(pid) || name.startsWith(`${CAGE_PREFIX}server-`))
      continue;
    try {
      rmdirSync(join(parent, name));
    } catch {
      // Still has members, or gone already.
    }
  }
}

function readPids(file: string): number[] {
  return readOrEmpty(file).split('\n').filter(Boolean).map(Number);
}

function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function tryWrite(file: string, value: string): boolean {
  try {
    writeFileSync(file, value);
    return true;
  } catch {
    return false;
  }
}
