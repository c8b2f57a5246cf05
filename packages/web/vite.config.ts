import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { chunkGroups } from './build-time/chunk-groups.ts';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), chunkGroups()],
  server: { fs: { allow: ['../..'] } },
});
