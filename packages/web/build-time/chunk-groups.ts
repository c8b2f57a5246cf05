import type { Locale } from '@quire/shared';
import type { Plugin } from 'vite';

// Loaded by vite.config.ts, which Vite bundles without our TypeScript packages: type imports only.

/** A message file of `content/locales/<locale>/`, with its locale and namespace. */
const LOCALE_FILE = /[\\/]content[\\/]locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/;
/**
 * The namespaces one page alone reads, by the slug of that page, each a chunk of its own per language: a copy of
 * `PAGE_NAMESPACES` of `app/i18n/messages.ts` (a test holds them alike).
 */
export const PAGE_NAMESPACE_PAGES: Readonly<Record<string, string>> = { apiDocs: 'api-docs' };
/** Packages every page runs; pdf.js (the page view) and fflate (a result's zip read) are loaded on demand only. */
const FRAMEWORK_MODULE = /[\\/]node_modules[\\/](?!pdfjs-dist[\\/]|fflate[\\/])/;
/** Our own modules (the web app's and the shared package's), route modules and the client entry excepted. */
const APP_MODULE = /[\\/]packages[\\/](web[\\/]app|shared[\\/]src)[\\/]/;
const NOT_APP_MODULE = /[\\/]routes[\\/]|[\\/]root\.tsx|[\\/]entry\.client\.tsx|\?/;

/**
 * The chunk a message file goes into: one chunk per language, `messages-<locale>`, instead of one per file, and
 * one per language and page namespace, `messages-<locale>-<namespace>`. The browser loads the page's language on
 * demand, English too (`app/i18n/messages.ts`).
 */
export function localeChunkName(moduleId: string): string | null {
  const [, locale, namespace] = LOCALE_FILE.exec(moduleId) ?? [];
  if (!locale || !namespace) return null;
  return namespace in PAGE_NAMESPACE_PAGES ? `messages-${locale}-${namespace}` : `messages-${locale}`;
}

/**
 * The emitted file of a language's message chunk (or of its chunk of a page namespace) among the build's asset
 * file names (`messages-es-AbC123_x.js`, `messages-es-apiDocs-AbC123_x.js`).
 */
export function findLocaleChunk(
  locale: Locale,
  assetFiles: readonly string[],
  namespace?: string,
): string | undefined {
  const pattern = new RegExp(`^messages-${locale}${namespace ? `-${namespace}` : ''}-[\\w-]{8}\\.js$`);
  return assetFiles.find((file) => pattern.test(file));
}

/** Whether a module belongs to the `framework` or the `app` group (see `chunkGroups`). */
export function isFrameworkModule(moduleId: string): boolean {
  return FRAMEWORK_MODULE.test(moduleId) && !moduleId.startsWith('\0');
}

export function isSharedAppModule(moduleId: string): boolean {
  return APP_MODULE.test(moduleId) && !NOT_APP_MODULE.test(moduleId);
}

/**
 * How the browser's JavaScript is cut into files. Over HTTP/1.1 on a slow mobile network every file costs round
 * trips, so a first visit fetches a few larger files rather than a dozen small ones: `framework` (React, React
 * Router, react-intl and the other packages every page runs), `app` (our modules used by two or more route
 * modules), one `messages-<locale>` per language, and the route modules, which React Router keeps apart.
 */
export function chunkGroups(): Plugin {
  return {
    name: 'quire:chunk-groups',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    outputOptions(options) {
      const splitting = typeof options.codeSplitting === 'object' ? options.codeSplitting : {};
      const groups = [
        { name: localeChunkName, priority: 3 },
        { name: 'framework', priority: 2, test: isFrameworkModule },
        { name: 'app', priority: 1, minShareCount: 2, test: isSharedAppModule },
      ];
      return {
        ...options,
        codeSplitting: { ...splitting, groups: [...(splitting.groups ?? []), ...groups] },
      };
    },
  };
}
