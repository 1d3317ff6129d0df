import { existsSync } from 'node:fs';

/**
 * Global setup: when E2E_START_GATE names a file, the journeys wait until it exists. Playwright
 * starts the web server before global setup, so `npm test` starts a shard while the API suites
 * still run: its server loads the demo in the cores' idle time, and the gate opens when the
 * cores are free for the browser.
 */
export default async function startGate(): Promise<void> {
  const gate = process.env.E2E_START_GATE;
  if (!gate) return;
  while (!existsSync(gate)) await new Promise((resolve) => setTimeout(resolve, 250));
}
