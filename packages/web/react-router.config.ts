import type { Config } from '@react-router/dev/config';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { allAliasPaths, allPagePaths } from '@quire/shared';
import { allNotFoundPages } from './app/lib/not-found-paths.ts';
import { writeFavicon } from './build-time/write-favicon.ts';
import { writeSeoFiles } from './build-time/write-seo-files.ts';
import { optimizePages } from './build-time/optimize-pages.ts';

/**
 * React Router compares prerender paths without their trailing slash (`/es/` would silently fall back to the SPA
 * shell), so language homes are listed as `/es`; they are still written to `es/index.html`.
 */
function withoutTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export default {
  ssr: false,
  /**
   * `scripts/setup.mjs` builds into a fresh directory of its own (then serves the site from its `client` folder), so
   * that a build never writes over the pages a running server reads. A build run by hand writes to `build`.
   */
  buildDirectory: process.env.QUIRE_WEB_BUILD_DIRECTORY?.trim() || 'build',
  prerender: () =>
    [
      ...allPagePaths(),
      ...allAliasPaths(),
      ...allNotFoundPages().map(({ prerenderPath }) => prerenderPath),
    ].map(withoutTrailingSlash),
  /**
   * Moves each prerendered not-found page to the file the server answers unknown paths with, then optimizes the
   * pages (stylesheet inline, message chunk preloaded, compressed copies): keep that last, after any other change.
   * The pages are taken out of their folders first, since some of those files go into another's folder
   * (`/__404/index.html` becomes `404.html`, `/__404/merge-pdf/index.html` becomes `__404/merge-pdf/404.html`).
   */
  async buildEnd({ reactRouterConfig }) {
    const client = join(reactRouterConfig.buildDirectory, 'client');
    const pages = allNotFoundPages();
    for (const [index, { prerenderPath }] of pages.entries()) {
      const folder = join(client, prerenderPath);
      await rename(join(folder, 'index.html'), join(client, `not-found-${index}.tmp`));
      // Its data file (written for a route with a loader), which nothing fetches.
      await rm(`${folder}.data`, { force: true });
    }
    for (const { prerenderPath } of pages)
      await rm(join(client, prerenderPath), { recursive: true, force: true });
    for (const [index, { fileName }] of pages.entries()) {
      await mkdir(dirname(join(client, fileName)), { recursive: true });
      await rename(join(client, `not-found-${index}.tmp`), join(client, fileName));
    }
    await writeFavicon(client);
    await writeSeoFiles(client);
    await optimizePages(client);
  },
} satisfies Config;
