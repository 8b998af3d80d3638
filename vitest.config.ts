import { defineConfig } from 'vitest/config';
import path from 'node:path';

// A file's own afterAll runs before those of the fixtures it registered earlier (the fixtures
// close the app last): vitest's default, stated because tests rely on it. Projects do not inherit
// the root's options, so each that uses fixtures says it.
const sequence = { hooks: 'stack' } as const;

const alias = {
  '@contract': path.resolve(import.meta.dirname, 'contract'),
  '@': path.resolve(import.meta.dirname, 'client/src'),
};

// Three tiers: unit (fakes, no I/O beyond temp files), integration (a real
// database and a real HTTP server; run once per database by scripts/run-tests.mjs) and e2e
// (the built client in Debian's Chromium).
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['**/*.unit.test.{ts,tsx}'], exclude: ['node_modules/**'], testTimeout: 30_000 } },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          sequence,
          include: ['**/*.int.test.ts'],
          exclude: ['node_modules/**'],
          globalSetup: ['tests/helpers/global-db-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          // The built server as several processes on PostgreSQL, Redis and S3 (npm run test:scale).
          name: 'scale',
          sequence,
          include: ['tests/scale/**/*.scale.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          maxWorkers: 1,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          sequence,
          include: ['tests/e2e/**/*.e2e.test.ts'],
          globalSetup: ['tests/helpers/global-db-setup.ts', 'tests/helpers/global-client-build.ts'],
          // A shared 2-core machine can be slow to paint: polls wait up to 15 s, not vitest's 1 s.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          testTimeout: 240_000,
          hookTimeout: 180_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
