#!/usr/bin/env node
// `npm start`: install if needed, build the web app if needed, then serve everything
// (migrations and the idempotent demo seed run at start) on PGlite or DATABASE_URL.
import { ensureInstalled, ensureWebBuilt, run } from './lib.mjs';

await ensureInstalled();
await ensureWebBuilt();
const extra = process.argv.slice(2);
const code = await run('npx', ['tsx', 'packages/server/src/main.ts', 'serve', '--seed', ...extra]);
process.exit(code);
