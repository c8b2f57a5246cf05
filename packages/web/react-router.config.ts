import type { Config } from '@react-router/dev/config';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { LOCALES, allAliasPaths, allPagePaths } from '@quire/shared';
import {
  NOT_FOUND_FOLDERS,
  allNotFoundPrerenderPaths,
  notFoundFileName,
  notFoundPrerenderPath,
} from './app/lib/not-found-paths.ts';
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
    [...allPagePaths(), ...allAliasPaths(), ...allNotFoundPrerenderPaths()].map(withoutTrailingSlash),
  /**
   * Moves each prerendered not-found page to the file the server answers unknown paths with, then optimizes the
   * pages (stylesheet inline, message chunk preloaded, compressed copies): keep that last, after any other change.
   */
  async buildEnd({ reactRouterConfig }) {
    const client = join(reactRouterConfig.buildDirectory, 'client');
    for (const locale of LOCALES) {
      for (const section of NOT_FOUND_FOLDERS) {
        const folder = join(client, notFoundPrerenderPath(locale, section));
        await rename(join(folder, 'index.html'), join(client, notFoundFileName(locale, section)));
        await rm(folder, { recursive: true, force: true });
        // Its data file (written for a route with a loader), which nothing fetches.
        await rm(`${folder}.data`, { force: true });
      }
    }
    await writeSeoFiles(client);
    await optimizePages(client);
  },
} satisfies Config;
