import { readdir } from 'node:fs/promises';
import { inject } from 'vitest';

// The server under test keeps each request's files in a folder of its own under the job root, until the answer is
// sent (or, for a job of the jobs API nobody fetches, until its retention ends). One test file that leaves a folder
// behind must fail on its own, not in every file after it: so each test is judged by the folders made since it began,
// and each file, once its browser has closed, by the folders made since it began (`job-folders.setup.ts`).

const jobRoot = inject('jobRoot');
let testStart = new Set<string>();

/** The folders under the job root now. */
export async function jobFolders(): Promise<string[]> {
  return (await readdir(jobRoot).catch(() => [])).sort();
}

/** Called as each test begins: what is there now is no concern of the test's. */
export async function markTestStart(): Promise<void> {
  testStart = new Set(await jobFolders());
}

/** The job folders the current test made that are still on the server: none once its answers are sent. */
export async function jobFoldersLeft(): Promise<string[]> {
  return (await jobFolders()).filter((name) => !testStart.has(name));
}
