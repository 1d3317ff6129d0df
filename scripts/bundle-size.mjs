#!/usr/bin/env node
// What the sign-in page downloads: the entry script and every module it preloads, gzip-compressed
// as the server sends them (KB = 1,024 bytes). Fails when that is over the budget (`--budget=<KB>`, default
// BUDGET_KB).
// Usage: node scripts/bundle-size.mjs [dist dir] [--budget=<KB>]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fail, log, root } from './lib.mjs';

const BUDGET_KB = 250;
const args = process.argv.slice(2);
const dist = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(root, 'packages/web/dist'));
const budget = Number(args.find((a) => a.startsWith('--budget='))?.split('=')[1] ?? BUDGET_KB);
const html = path.join(dist, 'index.html');
if (!existsSync(html)) fail(`no built web app at ${dist}: run npm run build first`);

const page = readFileSync(html, 'utf8');
const scripts = [...page.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\bhref)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const sizes = scripts
  .map((file) => {
    const body = readFileSync(path.join(dist, file));
    return { file, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);
const kb = (n) => (n / 1024).toFixed(1);
const total = sizes.reduce((n, s) => n + s.gzip, 0);
console.log(`Sign-in page JavaScript: ${sizes.length} files, ${kb(total)} KB gzip (budget ${budget} KB)`);
for (const s of sizes.slice(0, 8)) console.log(`  ${kb(s.gzip).padStart(6)} KB  ${s.file}`);
if (total > budget * 1024) fail(`the sign-in page downloads ${kb(total)} KB of gzip JavaScript, over ${budget} KB`);
log('bundle size: within budget');
