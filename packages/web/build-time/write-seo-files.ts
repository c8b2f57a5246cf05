import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { allPagePaths, splitLocale } from '@quire/shared';
import { config } from '../app/config.ts';
import { shareImagePath } from '../app/lib/share-image.ts';
import { robotsTxt, sitemapXml } from './crawler-files.ts';
import { createShareCardPainter } from './draw-share-card.ts';
import { readPageHead } from './read-page-head.ts';

/** Cards drawn at once: sharp works in its own threads, so two keep both cores of a small machine busy. */
const CARDS_AT_ONCE = 2;

/**
 * Writes what search engines and link previews fetch besides the pages, into the client build: `sitemap.xml`,
 * `robots.txt` and each page's share image, drawn from the title and description in its prerendered HTML. The page
 * list is `allPagePaths()`, so a new page gets all three by being listed there.
 */
export async function writeSeoFiles(clientDir: string, pagePaths = allPagePaths()): Promise<void> {
  const startedMs = performance.now();
  const origin = config.publicOrigin;
  await writeFile(join(clientDir, 'sitemap.xml'), sitemapXml(origin, pagePaths));
  await writeFile(join(clientDir, 'robots.txt'), robotsTxt(origin));

  const paint = createShareCardPainter({
    brand: config.siteName,
    markSvg: await readFile(join(clientDir, 'favicon.svg'), 'utf8'),
    host: new URL(origin).host,
  });
  let totalBytes = 0;
  const queue = [...pagePaths];
  const drawNext = async (): Promise<void> => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const file = join(clientDir, shareImagePath(path));
      const jpeg = await drawCardOf(path, clientDir, paint);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, jpeg);
      totalBytes += jpeg.length;
    }
  };
  await Promise.all(Array.from({ length: CARDS_AT_ONCE }, drawNext));

  const seconds = ((performance.now() - startedMs) / 1000).toFixed(1);
  const averageKb = Math.round(totalBytes / pagePaths.length / 1024);
  console.log(
    `sitemap.xml and robots.txt for ${origin}; ${pagePaths.length} share images (${averageKb} KB each on average) in ${seconds} s`,
  );
}

async function drawCardOf(
  path: string,
  clientDir: string,
  paint: ReturnType<typeof createShareCardPainter>,
): Promise<Buffer> {
  const htmlFile = join(clientDir, path.endsWith('/') ? `${path}index.html` : `${path}/index.html`);
  const head = readPageHead(await readFile(htmlFile, 'utf8'));
  const expected = `${config.publicOrigin}${shareImagePath(path)}`;
  if (head.image !== expected) throw new Error(`${path}: og:image is ${head.image}, expected ${expected}.`);
  return paint({ locale: splitLocale(path).locale, headline: head.headline, description: head.description });
}
