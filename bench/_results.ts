import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

/**
 * Writes the figures of one database into bench/results/<name>.json under `runs`, keeping the
 * latest figures of the other database, so one file holds PGlite and PostgreSQL side by side.
 */
export function writeRunResults(name: string, db: string, figures: Record<string, unknown>): void {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', `${name}.json`);
  const previous = existsSync(file)
    ? ((JSON.parse(readFileSync(file, 'utf8')) as { runs?: Record<string, unknown> }).runs ?? {})
    : {};
  writeResults(name, { runs: { ...previous, [db]: figures } });
}
