#!/usr/bin/env node
// Type check, lint, format check and file sizes: one script, run by `npm test` and usable alone.
import { ensureInstalled, log, run } from './lib.mjs';

await ensureInstalled();
const steps = [
  ['type check', 'npx', ['tsc', '-b']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['format', 'npx', ['prettier', '--check', '.']],
  // Last, so the others always run; reports only until `--strict` is passed (files over 400 lines).
  ['sizes', 'node', ['scripts/sizes.mjs', '--strict']],
];
let failed = [];
for (const [name, cmd, args] of steps) {
  log(`${name}…`);
  if ((await run(cmd, args)) !== 0) failed.push(name);
}
if (failed.length) {
  console.error(`check failed: ${failed.join(', ')}`);
  process.exit(1);
}
log('type check, lint, format and sizes: clean');
