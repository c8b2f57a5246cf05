import type { Locale } from '@quire/shared';

// Loaded by vite.config.ts, which Vite bundles without our TypeScript packages: type imports only.

/** A message file of `content/locales/<locale>/`, with its locale. */
const LOCALE_FILE = /[\\/]content[\\/]locales[\\/]([^\\/]+)[\\/][^\\/]+\.json$/;

/**
 * The chunk a message file goes into: one chunk per language, `messages-<locale>`, instead of one per file. The
 * browser loads English with the app and any other language on demand (`app/i18n/messages.ts`).
 */
export function localeChunkName(moduleId: string): string | null {
  const locale = LOCALE_FILE.exec(moduleId)?.[1];
  return locale ? `messages-${locale}` : null;
}

/** The emitted file of a language's message chunk among the build's asset file names (`messages-es-AbC123_x.js`). */
export function findLocaleChunk(locale: Locale, assetFiles: readonly string[]): string | undefined {
  const pattern = new RegExp(`^messages-${locale}-[\\w-]{8}\\.js$`);
  return assetFiles.find((file) => pattern.test(file));
}
