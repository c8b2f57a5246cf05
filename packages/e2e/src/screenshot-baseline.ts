import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/** The committed baselines; `UPDATE_SCREENSHOTS=1` rewrites them from the current build. */
export const BASELINE_DIR = resolve(import.meta.dirname, '../screenshots');
const isUpdating = process.env.UPDATE_SCREENSHOTS === '1';

/** Per-pixel colour distance pixelmatch still calls equal (0 to 1), and the share of pixels allowed to differ. */
const PIXEL_THRESHOLD = 0.1;
const MAX_DIFFERENT_PIXEL_RATIO = 0.0005;

let failureDir: string | undefined;

/** Colour levels kept per channel: 32 instead of 256 makes the dithered hero gradient compress twice as well. */
const COLOR_LEVELS = 32;

/** Rounds every channel to one of the kept levels and drops transparency, in place. */
function quantize(image: PNG): PNG {
  const step = 255 / (COLOR_LEVELS - 1);
  for (let index = 0; index < image.data.length; index += 1) {
    const value = image.data[index] ?? 0;
    image.data[index] = index % 4 === 3 ? 255 : Math.round(Math.round(value / step) * step);
  }
  return image;
}

/** Encodes as RGB with the strongest compression, so the baselines stay small in the repository. */
function encodePng(image: PNG): Buffer {
  return PNG.sync.write(image, { colorType: 2, deflateLevel: 9, filterType: -1 });
}

/**
 * Compares a screenshot with `screenshots/<name>.png`. On a difference it writes the actual image and a diff into
 * a temporary folder and fails naming it; with `UPDATE_SCREENSHOTS=1` it writes the baseline instead.
 */
export async function expectMatchesBaseline(name: string, screenshot: Buffer): Promise<void> {
  const actual = quantize(PNG.sync.read(screenshot));
  const baselinePath = join(BASELINE_DIR, `${name}.png`);
  if (isUpdating) {
    await mkdir(BASELINE_DIR, { recursive: true });
    await writeFile(baselinePath, encodePng(actual));
    return;
  }
  const baselineFile = await readFile(baselinePath).catch(() => undefined);
  if (!baselineFile) {
    throw new Error(
      `no baseline ${baselinePath}: run \`UPDATE_SCREENSHOTS=1 npm run screenshots\` and commit it`,
    );
  }
  const baseline = PNG.sync.read(baselineFile);
  const { width, height } = actual;
  let differentPixels = width * height;
  const diff = new PNG({ width, height });
  if (baseline.width === width && baseline.height === height) {
    differentPixels = pixelmatch(baseline.data, actual.data, diff.data, width, height, {
      threshold: PIXEL_THRESHOLD,
    });
  }
  const allowed = Math.floor(width * height * MAX_DIFFERENT_PIXEL_RATIO);
  if (differentPixels <= allowed) return;
  failureDir ??= await mkdtemp(join(tmpdir(), 'quire-screenshots-'));
  await writeFile(join(failureDir, `${name}.actual.png`), encodePng(actual));
  if (differentPixels < width * height)
    await writeFile(join(failureDir, `${name}.diff.png`), encodePng(diff));
  throw new Error(
    `${name}: ${differentPixels} pixels differ from ${baselinePath} (${baseline.width}×${baseline.height} ` +
      `baseline, ${width}×${height} now; ${allowed} allowed). Actual and diff images are in ${failureDir}. ` +
      'If the change is intended, run `UPDATE_SCREENSHOTS=1 npm run screenshots` and commit the new baselines.',
  );
}
