import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { chunkGroups } from './build-time/chunk-groups.ts';
import { compileHints } from './build-time/compile-hints.ts';
import { precompileMessages } from './build-time/precompile-messages.ts';
import { reactDomSentinels } from './build-time/react-dom-sentinels.ts';

export default defineConfig({
  plugins: [
    tailwindcss(),
    precompileMessages(),
    reactDomSentinels(),
    reactRouter(),
    chunkGroups(),
    compileHints(),
  ],
  server: { fs: { allow: ['../..'] } },
});
