#!/usr/bin/env node
// Splits the browser journeys into shards of about equal running time, from the seconds each
// journey file took last time (e2e/timings.json). A file not listed yet counts as DEFAULT_SECONDS.
//   node scripts/e2e-shards.mjs            prints the split
//   node scripts/e2e-shards.mjs --record   rewrites e2e/timings.json from the last run's reports
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TIMINGS = path.join(root, 'e2e', 'timings.json');
const DEFAULT_SECONDS = 20;

function journeyFiles() {
  return readdirSync(path.join(root, 'e2e'))
    .filter((f) => f.endsWith('.e2e.ts'))
    .sort();
}

function timings() {
  return existsSync(TIMINGS) ? JSON.parse(readFileSync(TIMINGS, 'utf8')) : {};
}

/** Longest first, each to the shard with the least time so far. Answers `e2e/<file>` paths per shard. */
export function splitJourneys(count) {
  const seconds = timings();
  const weight = (f) => seconds[f] ?? DEFAULT_SECONDS;
  const shards = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  for (const file of journeyFiles().sort((a, b) => weight(b) - weight(a) || (a < b ? -1 : 1))) {
    const lightest = shards.reduce((min, s) => (s.seconds < min.seconds ? s : min));
    lightest.files.push(file);
    lightest.seconds += weight(file);
  }
  return shards.map((s) => ({ files: s.files.sort().map((f) => `e2e/${f}`), seconds: Math.round(s.seconds) }));
}

/** Each journey file's seconds, summed over its tests, from the reports in .tmp/playwright-*.json. */
function record() {
  const seconds = {};
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const r of test.results) seconds[spec.file] = (seconds[spec.file] ?? 0) + r.duration / 1000;
    for (const child of suite.suites ?? []) walk(child);
  };
  const tmp = path.join(root, '.tmp');
  for (const f of readdirSync(tmp).filter((n) => /^playwright-\d+\.json$/.test(n)))
    for (const suite of JSON.parse(readFileSync(path.join(tmp, f), 'utf8')).suites) walk(suite);
  const sorted = Object.fromEntries(
    Object.entries(seconds)
      .map(([f, s]) => [path.basename(f), Math.round(s)])
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  writeFileSync(TIMINGS, `${JSON.stringify(sorted, null, 2)}\n`);
  return sorted;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--record')) console.log(record());
  for (const [i, s] of splitJourneys(Number(process.env.E2E_SHARDS ?? 2)).entries())
    console.log(`shard ${i + 1}: about ${s.seconds} s, ${s.files.length} files`);
}
