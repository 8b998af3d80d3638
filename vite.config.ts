import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import path from 'node:path';
import { precompress } from './scripts/vite-precompress.ts';
import { appManifest } from './client/app-manifest.ts';
import { memberChunks } from './client/member-chunks.ts';

const shared = memberChunks();

export default defineConfig({
  root: 'client',
  plugins: [
    react(),
    tailwindcss(),
    // The manifest and the service worker (docs/decisions/035-installable-app-and-push.md):
    // Workbox precaches the shell and the hashed assets a member's screens load; the models of
    // recognition and the PDF reader (megabytes, loaded on demand) stay out of the precache.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: appManifest,
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,woff2}', 'icons/icon-192.png', 'icons/badge-96.png'],
        globIgnores: ['**/node_modules/**', 'sw.js', 'visitor-page.js'],
        maximumFileSizeToCacheInBytes: 400 * 1024,
      },
    }),
    precompress(),
    shared.plugin,
  ],
  resolve: {
    alias: {
      '@contract': path.resolve(import.meta.dirname, 'contract'),
      '@': path.resolve(import.meta.dirname, 'client/src'),
    },
  },
  // The manifest names each screen's chunks: the server preloads the home feed's for members (server/plugins/member-preloads.ts).
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: shared.groups } } },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' } },
});
