import { defineConfig } from 'vitest/config';

/**
 * Two projects: pure unit tests, and API tests that run against a real database — PGlite by
 * default, PostgreSQL when VIGIL_TEST_DB=postgres (scripts/test.mjs runs both).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Pure tests share one module graph per worker: importing each module once saves most of the run.
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['packages/server/src/**/*.api.test.ts'],
          // The cluster proof starts PostgreSQL nodes: it belongs to the PostgreSQL run only.
          exclude: process.env.VIGIL_TEST_DB === 'postgres' ? [] : ['**/cluster.api.test.ts'],
          environment: 'node',
          globalSetup: ['packages/server/test/global-setup.ts'],
          // Files share one module graph per worker: each builds its own app on its own database
          // copy, and importing the server once instead of per file saves minutes.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
