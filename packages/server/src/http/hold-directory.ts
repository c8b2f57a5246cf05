import { closeSync, existsSync, openSync, realpathSync } from 'node:fs';

export type HeldDirectory = {
  /** The directory itself, every symbolic link on the way resolved. */
  path: string;
  release: () => void;
};

/**
 * Resolves `path` once and keeps the directory it names open until released, or null when there is none. The site
 * is served from the resolved path, so a set-up that switches `packages/web/build/client` to another build (a link
 * renamed over the old one) leaves this process with the files it read its policies from. The open directory shows
 * in `/proc/<pid>/fd`, where `scripts/setup.mjs` looks before it removes an old build.
 */
export function holdDirectory(path: string): HeldDirectory | null {
  if (!existsSync(path)) return null;
  const resolved = realpathSync(path);
  let fd: number | null = openSync(resolved, 'r');
  return {
    path: resolved,
    release: () => {
      if (fd === null) return;
      closeSync(fd);
      fd = null;
    },
  };
}
