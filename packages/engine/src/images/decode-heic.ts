import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JobContext } from '../ops/types.ts';
import { runProcess } from '../process/run-process.ts';
import {
  createImageDamagedError,
  createImageFormatUnsupportedError,
  type ImageSource,
} from './image-errors.ts';
import { removeTree } from '../process/remove-tree.ts';

/** A 50-megapixel picture decodes into about 200 MB of RGBA; libheif and libde265 add their own buffers. */
const HEIF_CONVERT_MAX_MEMORY_BYTES = 1024 * 1024 * 1024;
/** `prlimit` answers 127 when it cannot find the program (libheif-examples not installed). */
const PROGRAM_MISSING_EXIT = 127;

/**
 * Decodes a HEIC picture to PNG with Debian's `heif-convert` (libheif with libde265; sharp's own libheif decodes
 * AVIF only), which turns it as its `irot` and `imir` boxes say and writes its colour profile into the PNG. A file
 * of several pictures gives each its own PNG, numbered from 1; the primary one is kept. Where the program or its
 * HEVC decoder is missing the visitor is told the format cannot be read here, not that the file is damaged.
 */
export async function decodeHeic(
  path: string,
  primaryPage: number,
  source: ImageSource,
  ctx: JobContext,
): Promise<Buffer> {
  const directory = await mkdtemp(join(ctx.workDir, 'heic-'));
  try {
    const result = await runProcess(
      'heif-convert',
      ['--quiet', path, join(directory, 'picture.png')],
      { timeoutMs: ctx.timeoutMs, maxMemoryBytes: HEIF_CONVERT_MAX_MEMORY_BYTES },
      ctx.signal,
    );
    if (result.exitCode === PROGRAM_MISSING_EXIT || /codec|decoder|plugin/i.test(result.stderr)) {
      throw createImageFormatUnsupportedError(source, 'HEIC', new Error(result.stderr.trim()));
    }
    const written = await readdir(directory);
    const name = written.includes('picture.png') ? 'picture.png' : `picture-${primaryPage + 1}.png`;
    if (result.exitCode !== 0 || !written.includes(name)) {
      throw createImageDamagedError(source, new Error(result.stderr.trim()));
    }
    return await readFile(join(directory, name));
  } finally {
    await removeTree(directory);
  }
}
