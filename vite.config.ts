import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';
import { precompress } from './scripts/vite-precompress.ts';

export default defineConfig({
  root: 'client',
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: {
      '@contract': path.resolve(import.meta.dirname, 'contract'),
      '@': path.resolve(import.meta.dirname, 'client/src'),
    },
  },
  // The manifest names each screen's chunks: the server preloads the home feed's for members (server/plugins/member-preloads.ts).
  build: { outDir: path.resolve(import.meta.dirname, 'dist/client'), emptyOutDir: true, manifest: true },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' } },
});
