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
        },
      },
      {
        test: {
          name: 'api',
          include: ['packages/server/src/**/*.api.test.ts'],
          environment: 'node',
          globalSetup: ['packages/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
