import { copyFile, mkdir, mkdtemp, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { runProcess } from '../process/run-process.ts';
import { writeHardenedProfile } from './hardened-profile.ts';
import type { OfficeConversion } from './office-formats.ts';
import { officeDirPrefix } from './office-dirs.ts';
import { sandboxArgs } from './sandbox-args.ts';
import { removeTree } from '../process/remove-tree.ts';

const MAX_MEMORY_BYTES = 4 * 1024 * 1024 * 1024;

/**
 * One-shot `soffice --convert-to pdf` in the same sandbox and hardened profile as the warm instances: the
 * fallback for a document that crashed the warm instance. Debian's headless build has no dialog definitions,
 * and some documents (comments, for example) make Writer build sidebar windows in the idle time between the
 * bridge's load and store calls, which aborts soffice; a one-shot conversion loads and stores without idling.
 * A spreadsheet's fit to width needs the bridge: a cold conversion prints the sheets with their own page styles.
 * Resolves true when a PDF came out; throws `JOB_TIMEOUT` (process group killed) when time runs out.
 */
export async function convertCold(
  inputPath: string,
  { format, pdfFilter, loadFilter }: OfficeConversion,
  outputPath: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<boolean> {
  const root = await mkdtemp(officeDirPrefix('cold'));
  try {
    await Promise.all(['home', 'tmp', 'job'].map((dir) => mkdir(join(root, dir))));
    await writeHardenedProfile(join(root, 'profile'));
    await copyFile(inputPath, join(root, 'job', `input.${format}`));
    await runProcess(
      'bwrap',
      [
        ...sandboxArgs(root),
        // The launcher script, not soffice.bin: it restarts soffice after the first start on a fresh profile.
        '/usr/lib/libreoffice/program/soffice',
        '-env:UserInstallation=file:///profile',
        '--headless',
        '--invisible',
        '--nocrashreport',
        '--nodefault',
        '--nologo',
        '--nofirststartwizard',
        '--norestore',
        ...(loadFilter ? [`--infilter=${loadFilter.filter}:${loadFilter.options}`] : []),
        '--convert-to',
        `pdf:${pdfFilter}`,
        '--outdir',
        '/job',
        `/job/input.${format}`,
      ],
      { timeoutMs, maxMemoryBytes: MAX_MEMORY_BYTES },
      signal,
    );
    const output = join(root, 'job', 'input.pdf');
    if (!(await stat(output).catch(() => null))?.size) return false;
    await copyFile(output, outputPath);
    return true;
  } finally {
    await removeTree(root);
  }
}
