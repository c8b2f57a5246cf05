import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { LOCALES, splitLocale, type Locale } from '@quire/shared';
import { inlineStylesheets } from './inline-stylesheets.ts';
import { findLocaleChunk, PAGE_NAMESPACE_PAGES } from './chunk-groups.ts';
import { precompress } from './precompress.ts';
import { bootAfterPaint, staticImportsOf } from './boot-after-paint.ts';

/**
 * The post-build step over the prerendered site (`build/client`), run from `react-router.config.ts`'s `buildEnd`
 * after every other change to its files: each page gets its stylesheet inline and boots after its first paint
 * (with its language's message chunk among the modules it preloads then), then every text file gets its brotli
 * and gzip copies.
 */
export async function optimizePages(clientDir: string): Promise<void> {
  const assetFiles = await readdir(join(clientDir, 'assets'));
  const stylesheets = new Map<string, string>();
  for (const file of assetFiles.filter((name) => name.endsWith('.css'))) {
    stylesheets.set(`/assets/${file}`, await readFile(join(clientDir, 'assets', file), 'utf8'));
  }
  const messagePreloads = await localeMessagePreloads(clientDir, assetFiles);
  const moduleImports = new Map<string, string[]>();
  for (const file of assetFiles.filter((name) => name.endsWith('.js'))) {
    const code = await readFile(join(clientDir, 'assets', file), 'utf8');
    moduleImports.set(
      `/assets/${file}`,
      staticImportsOf(code).map((name) => `/assets/${name}`),
    );
  }

  const pages = (await readdir(clientDir, { recursive: true })).filter((file) => file.endsWith('.html'));
  for (const page of pages) {
    const file = join(clientDir, page);
    const { locale, rest } = splitLocale(`/${page.split(sep).join('/')}`);
    const html = await readFile(file, 'utf8');
    const optimized = bootAfterPaint(
      inlineStylesheets(html, (href) => stylesheets.get(href)),
      [...(messagePreloads.get(locale) ?? []), ...pageNamespaceChunks(locale, rest, assetFiles)],
      (href) => moduleImports.get(href) ?? [],
    );
    if (optimized !== html) await writeFile(file, optimized);
  }

  const compressed = await precompress(clientDir);
  console.log(
    `optimizePages: ${pages.length} pages with their stylesheet inline; ${compressed.files} files precompressed ` +
      `(${Math.round(compressed.bytes / 1024)} KiB, ${Math.round(compressed.brotliBytes / 1024)} KiB as brotli)`,
  );
}

/** The hrefs of the page namespace chunks a page reads in its language (`apiDocs` on `/api-docs/index.html`). */
function pageNamespaceChunks(locale: Locale, rest: string, assetFiles: readonly string[]): string[] {
  const chunks: string[] = [];
  for (const [namespace, slug] of Object.entries(PAGE_NAMESPACE_PAGES)) {
    if (rest !== `/${slug}/index.html`) continue;
    const chunk = findLocaleChunk(locale, assetFiles, namespace);
    if (!chunk) throw new Error(`the build has no ${namespace} message chunk for ${locale}`);
    chunks.push(`/assets/${chunk}`);
  }
  return chunks;
}

/** Per language, the hrefs of its message chunk and of the chunks that one imports. */
async function localeMessagePreloads(
  clientDir: string,
  assetFiles: readonly string[],
): Promise<Map<Locale, string[]>> {
  const preloads = new Map<Locale, string[]>();
  for (const locale of LOCALES) {
    const chunk = findLocaleChunk(locale, assetFiles);
    if (!chunk) throw new Error(`the build has no message chunk for ${locale} (see vite.config.ts)`);
    const code = await readFile(join(clientDir, 'assets', chunk), 'utf8');
    preloads.set(
      locale,
      [chunk, ...staticImportsOf(code)].map((name) => `/assets/${name}`),
    );
  }
  return preloads;
}
