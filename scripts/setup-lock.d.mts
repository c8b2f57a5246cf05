/** Types of `setup-lock.mjs` (plain JavaScript, so that `setup.mjs` can run it before npm installs). */

export declare function acquireSetupLock(
  file: string,
  options?: { onWait?: (pid: number) => void; pollMs?: number },
): () => void;

export declare function processStartTime(pid: number): string | null;
