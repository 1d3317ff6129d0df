#!/usr/bin/env node
// `npm run bench -- <name> [args]`: runs bench/<name>.ts, which prints its figures and writes
// bench/results/<name>.json. Without a name it lists the benchmarks.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ensureInstalled, fail, root, run } from './lib.mjs';

const [name, ...args] = process.argv.slice(2);
const available = readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.ts') && !f.startsWith('_'))
  .map((f) => f.replace(/\.ts$/, ''));
if (!name) {
  console.log(`benchmarks: ${available.join(', ')}\nrun one with: npm run bench -- <name>`);
  process.exit(0);
}
if (!existsSync(path.join(root, 'bench', `${name}.ts`)))
  fail(`no benchmark named ${name}; there are: ${available.join(', ')}`);
await ensureInstalled();
process.exit(await run('npx', ['tsx', `bench/${name}.ts`, ...args]));
