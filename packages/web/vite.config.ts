import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { localeChunkName } from './build-steps/locale-chunks.ts';

/**
 * The browser loads one language's messages at a time (`app/i18n/messages.ts`): group each language's files into
 * one chunk, `messages-<locale>`, instead of one chunk per file.
 */
function localeMessageChunks(): Plugin {
  return {
    name: 'quire:locale-message-chunks',
    apply: 'build',
    outputOptions(options) {
      const splitting = typeof options.codeSplitting === 'object' ? options.codeSplitting : {};
      const group = { name: localeChunkName };
      return { ...options, codeSplitting: { ...splitting, groups: [...(splitting.groups ?? []), group] } };
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), localeMessageChunks()],
  server: { fs: { allow: ['../..'] } },
});
