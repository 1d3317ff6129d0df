#!/usr/bin/env node
// Type check, lint, import cycles, format check and file sizes: one script, run by `npm test` and usable alone.
//   node scripts/check.mjs           all five
//   node scripts/check.mjs types     the type check and the format check
//   node scripts/check.mjs lint      lint, import cycles and file sizes (`npm test` runs the two halves in its two lanes)
import { ensureInstalled, log, run } from './lib.mjs';

await ensureInstalled();
const TYPES = [
  ['type check', 'npx', ['tsc', '-b']],
  ['format', 'npx', ['prettier', '--check', '.']],
];
const LINT = [
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['import cycles', 'node', ['scripts/cycles.mjs']],
  // Last, so the others always run; reports only until `--strict` is passed (files over 400 lines).
  ['sizes', 'node', ['scripts/sizes.mjs', '--strict']],
];
const part = process.argv[2];
const steps = part === 'types' ? TYPES : part === 'lint' ? LINT : [...TYPES, ...LINT];
let failed = [];
for (const [name, cmd, args] of steps) {
  log(`${name}…`);
  if ((await run(cmd, args)) !== 0) failed.push(name);
}
if (failed.length) {
  console.error(`check failed: ${failed.join(', ')}`);
  process.exit(1);
}
log(`${steps.map(([name]) => name).join(', ')}: clean`);
