import { rm } from 'node:fs/promises';

/**
 * Deletes a folder and all it holds, as `rm -rf` does. A program stopped a moment before (LibreOffice, Chromium or
 * Tesseract at a job's deadline, killed with its sandbox) can still have a file of its own appear while the folder is
 * emptied, and removing the folder then fails as not empty: Node tries again, a little later each time (50 ms, then
 * 100, up to 250), before it gives up. A job that timed out then says so, not that its folder could not be removed.
 */
export function removeTree(path: string): Promise<void> {
  return rm(path, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
}
