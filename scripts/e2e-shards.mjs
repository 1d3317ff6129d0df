#!/usr/bin/env node
// Splits the browser journeys into shards that end at about the same time, from the seconds each
// journey file took last time (e2e/timings.json; a file not listed yet counts as DEFAULT_SECONDS).
// `npm test` starts the first shard when one API lane ends and the second when both have: the
// first gets more journeys by the lanes' difference in the last run (e2e/lanes.json).
//   node scripts/e2e-shards.mjs            prints the split
//   node scripts/e2e-shards.mjs --record   rewrites e2e/timings.json and e2e/lanes.json from the last run
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TIMINGS = path.join(root, 'e2e', 'timings.json');
const LANES = path.join(root, 'e2e', 'lanes.json');
/** Where `npm test` leaves how long each API lane took (scripts/test.mjs). */
export const LAST_LANES = path.join(root, '.tmp', 'lanes.json');
const DEFAULT_SECONDS = 20;

function journeyFiles() {
  return readdirSync(path.join(root, 'e2e'))
    .filter((f) => f.endsWith('.e2e.ts'))
    .sort();
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/**
 * How much later each shard starts than the first, in seconds: the second waits for the slower
 * API lane (by the last recorded run), any further shard starts with it.
 */
export function shardDelays(count) {
  const { laneA = 0, laneB = 0 } = readJson(LANES);
  return Array.from({ length: count }, (_, i) => (i === 0 ? 0 : Math.abs(laneA - laneB)));
}

/**
 * Longest first, each to the shard that would end soonest so far (its start delay counted).
 * Answers `e2e/<file>` paths per shard, and the journeys' seconds without the delay.
 */
export function splitJourneys(count, delays = shardDelays(count)) {
  const seconds = readJson(TIMINGS);
  const weight = (f) => seconds[f] ?? DEFAULT_SECONDS;
  const shards = Array.from({ length: count }, (_, i) => ({ files: [], seconds: 0, ends: delays[i] ?? 0 }));
  for (const file of journeyFiles().sort((a, b) => weight(b) - weight(a) || (a < b ? -1 : 1))) {
    const lightest = shards.reduce((min, s) => (s.ends < min.ends ? s : min));
    lightest.files.push(file);
    lightest.seconds += weight(file);
    lightest.ends += weight(file);
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
  if (existsSync(LAST_LANES)) writeFileSync(LANES, `${JSON.stringify(readJson(LAST_LANES), null, 2)}\n`);
  return sorted;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--record')) console.log(record());
  const count = Number(process.env.E2E_SHARDS ?? 2);
  const delays = shardDelays(count);
  for (const [i, s] of splitJourneys(count, delays).entries())
    console.log(
      `shard ${i + 1}: about ${s.seconds} s, ${s.files.length} files, starting ${delays[i]} s after the first`,
    );
}
