import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/** A message file of `content/locales/<locale>/`, with its locale. */
const LOCALE_FILE = /[\\/]content[\\/]locales[\\/]([^\\/]+)[\\/][^\\/]+\.json$/;

/**
 * The browser loads one language's messages at a time (`app/i18n/messages.ts`): group each language's files into
 * one chunk, `messages-<locale>`, instead of one chunk per file. English is part of the main bundle.
 */
function localeMessageChunks(): Plugin {
  return {
    name: 'quire:locale-message-chunks',
    apply: 'build',
    outputOptions(options) {
      const splitting = typeof options.codeSplitting === 'object' ? options.codeSplitting : {};
      const group = {
        name: (id: string) => {
          const locale = LOCALE_FILE.exec(id)?.[1];
          return locale && locale !== 'en' ? `messages-${locale}` : null;
        },
      };
      return { ...options, codeSplitting: { ...splitting, groups: [...(splitting.groups ?? []), group] } };
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), localeMessageChunks()],
  server: { fs: { allow: ['../..'] } },
});
