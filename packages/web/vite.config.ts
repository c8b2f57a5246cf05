import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { chunkGroups } from './build-time/chunk-groups.ts';
import { compileHints } from './build-time/compile-hints.ts';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), chunkGroups(), compileHints()],
  server: { fs: { allow: ['../..'] } },
});
