#!/usr/bin/env node
// Source file sizes: the largest files, the median line count, and the files over the limit.
// Source is every .ts/.tsx/.mjs file under packages/, e2e/, bench/ and scripts/ that git tracks
// or would track, except the data listed in EXCLUDED. With --strict a file over the limit fails
// the run (exit 1); without it the script only reports.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { log, root, runSync } from './lib.mjs';

const LIMIT = 400;
const SHOWN = 15;
const EXCLUDED = [
  { pattern: /\/db\/migrations\//, why: 'migrations' },
  { pattern: /\/parser\/fixtures\//, why: 'parser fixtures' },
  { pattern: /\/seed\/[^/]+\/data\//, why: 'demo estate data' },
  { pattern: /\.d\.ts$/, why: 'generated declarations' },
];
const strict = process.argv.includes('--strict');

const listed = runSync('git', ['ls-files', '-co', '--exclude-standard', 'packages', 'e2e', 'bench', 'scripts']);
if (listed.status !== 0) {
  console.error(listed.stderr);
  process.exit(1);
}
const files = [...new Set(listed.stdout.split('\n'))]
  .filter((f) => /\.(ts|tsx|mjs)$/.test(f))
  .filter((f) => !EXCLUDED.some((x) => x.pattern.test(`/${f}`)))
  .filter((f) => existsSync(path.join(root, f)));

const sizes = files
  .map((file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    return { file, lines: text.length ? text.split('\n').length - (text.endsWith('\n') ? 1 : 0) : 0 };
  })
  .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));

const ordered = sizes.map((s) => s.lines).sort((a, b) => a - b);
const mid = Math.floor(ordered.length / 2);
const median = ordered.length % 2 ? ordered[mid] : (ordered[mid - 1] + ordered[mid]) / 2;
const over = sizes.filter((s) => s.lines > LIMIT);
const width = String(sizes[0]?.lines ?? 0).length;

console.log(`Largest of ${sizes.length} source files (${EXCLUDED.map((x) => x.why).join(', ')} left out):`);
for (const s of sizes.slice(0, SHOWN)) console.log(`  ${String(s.lines).padStart(width)}  ${s.file}`);
console.log(`Median: ${median} lines`);
if (over.length) {
  console.log(`Over ${LIMIT} lines: ${over.length}`);
  for (const s of over) console.log(`  ${String(s.lines).padStart(width)}  ${s.file}`);
} else {
  console.log(`No file over ${LIMIT} lines.`);
}
if (over.length && strict) {
  console.error(`sizes: ${over.length} file(s) over ${LIMIT} lines; split them along their seams.`);
  process.exit(1);
}
if (!strict) log(`sizes: report only (run with --strict to fail on files over ${LIMIT} lines)`);
