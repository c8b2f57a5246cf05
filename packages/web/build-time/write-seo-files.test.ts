import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { config } from '../app/config.ts';
import { writeSeoFiles } from './write-seo-files.ts';

let clientDir: string;
beforeEach(async () => {
  clientDir = await mkdtemp(join(tmpdir(), 'quire-seo-files-'));
  await writeFile(
    join(clientDir, 'favicon.svg'),
    await readFile(new URL('../public/favicon.svg', import.meta.url)),
  );
});
afterEach(async () => {
  await rm(clientDir, { recursive: true, force: true });
});

async function writePage(file: string, image: string, headline: string) {
  await mkdir(dirname(join(clientDir, file)), { recursive: true });
  await writeFile(
    join(clientDir, file),
    `<!DOCTYPE html><html><head><meta property="og:description" content="A description."/>` +
      `<meta property="og:image" content="${config.publicOrigin}${image}"/>` +
      `<meta property="og:image:alt" content="${headline}"/></head><body></body></html>`,
  );
}

describe('writeSeoFiles', () => {
  it('writes the sitemap, robots.txt and one share image per page, from the prerendered pages', async () => {
    await writePage('index.html', '/og/en/index.jpg', 'Every PDF tool');
    await writePage('ar/index.html', '/og/ar/index.jpg', 'كل أدوات PDF');
    await writePage('merge-pdf/index.html', '/og/en/merge-pdf.jpg', 'Merge PDF');
    await writeSeoFiles(clientDir, ['/', '/ar/', '/merge-pdf']);

    const sitemap = await readFile(join(clientDir, 'sitemap.xml'), 'utf8');
    expect([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual(
      ['/', '/ar/', '/merge-pdf'].map((path) => config.publicOrigin + path),
    );
    expect(await readFile(join(clientDir, 'robots.txt'), 'utf8')).toContain(
      `Sitemap: ${config.publicOrigin}/sitemap.xml`,
    );
    for (const image of ['og/en/index.jpg', 'og/ar/index.jpg', 'og/en/merge-pdf.jpg']) {
      const meta = await sharp(join(clientDir, image)).metadata();
      expect([meta.format, meta.width, meta.height], image).toEqual(['jpeg', 1200, 630]);
    }
  });

  it('fails the build, naming the page, when a page does not point at its own share image', async () => {
    await writePage('merge-pdf/index.html', '/og/en/split-pdf.jpg', 'Merge PDF');
    await expect(writeSeoFiles(clientDir, ['/merge-pdf'])).rejects.toThrow(
      /^\/merge-pdf: og:image is .*\/og\/en\/split-pdf\.jpg, expected .*\/og\/en\/merge-pdf\.jpg\.$/,
    );
  });

  it('fails the build when a listed page was not prerendered', async () => {
    await expect(writeSeoFiles(clientDir, ['/no-such-page'])).rejects.toThrow(/no-such-page/);
  });
});
