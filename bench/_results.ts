import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Writes bench/results/<name>.json with the machine it ran on, and prints it. */
export function writeResults(name: string, figures: Record<string, unknown>): void {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
  mkdirSync(dir, { recursive: true });
  const body = {
    benchmark: name,
    at: new Date().toISOString(),
    node: process.version,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    ...figures,
  };
  writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(body, null, 2)}\n`);
  console.log(JSON.stringify(body, null, 2));
}
