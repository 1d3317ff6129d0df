#!/usr/bin/env node
// The server the browser journeys talk to: a fresh PGlite data dir and the demo seed.
import { rmSync } from 'node:fs';
import { run } from './lib.mjs';

const dataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
rmSync(dataDir, { recursive: true, force: true });
const code = await run('npx', ['tsx', 'packages/server/src/main.ts', 'serve', '--seed'], {
  env: {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Three weeks of demo history keep the start short and the audit bars full.
    VIGIL_DEMO_DAYS: process.env.E2E_DEMO_DAYS ?? '21',
    // Mailboxes are pulled every 10 s, so a journey sees a poll's outcome without waiting a minute.
    IMAP_POLL_SECONDS: '10',
    // Scheduled reports are looked for every 10 s, so the scheduled-report journey waits seconds.
    REPORTS_POLL_SECONDS: '10',
    HOST: '127.0.0.1',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: process.env.E2E_SMTP_PORT ?? '2626',
    PUBLIC_URL: `http://127.0.0.1:${process.env.PORT}`,
  },
});
process.exit(code);
