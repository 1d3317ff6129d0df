import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
/** The e2e server's SMTP listener (journeys send real e-mails to it). */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2626);

/**
 * Two regions on one machine: the journeys' server is `us` and keeps the sign-in directory;
 * regions.e2e.ts starts `eu` beside it.
 */
export const regionEnv = {
  usUrl: `http://127.0.0.1:${port}`,
  euPort: port + 7,
  euUrl: `http://127.0.0.1:${port + 7}`,
  shared: {
    REGIONS: `us=http://127.0.0.1:${port},eu=http://127.0.0.1:${port + 7}`,
    REGION_DIRECTORY_SECRET: 'vigil-e2e-region-directory-secret-0123456789',
  },
};

/** Browser journeys against the real server (PGlite, fresh data dir, demo seed) in Debian's Chromium. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  timeout: 90_000,
  // Waits for `npm test` to open the gate (E2E_START_GATE) once the server is up: see start-gate.ts.
  globalSetup: './start-gate.ts',
  // Assertions wait up to 10 s: pages that load several queries at once take longer on a busy 2-core host.
  expect: { timeout: 10_000 },
  workers: 1,
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../.tmp/test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    // As a user who asked the system for reduced motion: no transitions to wait for, a third less
    // rendering work. foundation.e2e.ts runs with motion and checks both.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    cwd: '..',
    // Ready: the demo history the journeys read is loaded (HTTP answers before that).
    url: `http://127.0.0.1:${port}/api/health/ready`,
    reuseExistingServer: !!process.env.E2E_REUSE_SERVER,
    timeout: 180_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      E2E_DATA_DIR: process.env.E2E_DATA_DIR ?? '.tmp/e2e-data',
      E2E_SMTP_PORT: String(smtpPort),
      PSA_ALLOW_HTTP: 'true',
      REGION: 'us',
      ...regionEnv.shared,
      // Journeys point PSAs and webhooks at stub servers on 127.0.0.1.
      OUTBOUND_ALLOW_PRIVATE: 'true',
      MICROSOFT_CLIENT_ID: 'vigil-e2e-microsoft',
      MICROSOFT_CLIENT_SECRET: 'vigil-e2e-microsoft-secret',
      MICROSOFT_ISSUER: `http://127.0.0.1:${port + 1000}`,
      GOOGLE_CLIENT_ID: 'vigil-e2e-google',
      GOOGLE_CLIENT_SECRET: 'vigil-e2e-google-secret',
      GOOGLE_ISSUER: `http://127.0.0.1:${port + 1000}`,
      // The guided Azure set-up: Microsoft's sign-in, Resource Manager and Graph (azure-helper.e2e.ts starts it).
      AZURE_AUTHORITY_URL: `http://127.0.0.1:${port + 1002}`,
      AZURE_ARM_URL: `http://127.0.0.1:${port + 1002}`,
      AZURE_GRAPH_URL: `http://127.0.0.1:${port + 1002}`,
      AZURE_HELPER_CLIENT_ID: 'vigil-azure-helper',
      AZURE_HELPER_CLIENT_SECRET: 'vigil-azure-helper-secret',
      // Sign-in through the parent platform: its own provider (scalepad-signin.e2e.ts starts it).
      SCALEPAD_ISSUER: `http://127.0.0.1:${port + 1001}`,
      SCALEPAD_CLIENT_ID: 'vigil-e2e-scalepad',
      SCALEPAD_CLIENT_SECRET: 'vigil-e2e-scalepad-secret',
      // Duo's stub (duo.e2e.ts) serves HTTPS with a certificate of its own, written here.
      DUO_EXTRA_CA_FILE: path.join(tmpdir(), `vigil-e2e-duo-ca-${port}.pem`),
    },
  },
});
