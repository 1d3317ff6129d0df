import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

export function log(msg) {
  console.log(`\x1b[36m[vigil]\x1b[0m ${msg}`);
}

export function fail(msg) {
  console.error(`\x1b[31m[vigil] ${msg}\x1b[0m`);
  process.exit(1);
}

/**
 * Runs a command in the repo; resolves with its exit code. Output is inherited, or, with
 * `opts.prefix`, passed on line by line behind that prefix (commands running side by side).
 */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const stdio = opts.prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit';
    const child = spawn(cmd, args, { cwd: root, stdio, env: { ...process.env, ...opts.env } });
    if (opts.prefix) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ])
        prefixLines(from, to, opts.prefix);
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function prefixLines(from, to, prefix) {
  let pending = '';
  from.setEncoding('utf8');
  from.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop();
    for (const line of lines) to.write(`\x1b[2m${prefix}\x1b[0m ${line}\n`);
  });
  from.on('end', () => {
    if (pending) to.write(`\x1b[2m${prefix}\x1b[0m ${pending}\n`);
  });
}

export function runSync(cmd, args, opts = {}) {
  return spawnSync(cmd, args, { cwd: root, encoding: 'utf8', ...opts });
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Installs dependencies when node_modules is missing or older than the lock file. */
export async function ensureInstalled() {
  const nm = path.join(root, 'node_modules');
  const lock = path.join(root, 'package-lock.json');
  const hidden = path.join(nm, '.package-lock.json');
  if (existsSync(hidden) && statSync(hidden).mtimeMs >= statSync(lock).mtimeMs) return;
  // A fresh clone gets a clean install; an existing tree is updated in place (npm ci would
  // delete node_modules under any process still using it).
  const fresh = !existsSync(hidden);
  log(fresh ? 'installing dependencies (npm ci)…' : 'updating dependencies (npm install)…');
  const code = await run('npm', [fresh ? 'ci' : 'install', '--no-audit', '--no-fund']);
  if (code !== 0) fail('installing dependencies failed: see the output above (the npm registry must be reachable)');
  const now = new Date();
  utimesSync(hidden, now, now);
}

/** Builds the web app when its output is missing or older than its sources. */
export async function ensureWebBuilt(opts = {}) {
  const dist = path.join(root, 'packages/web/dist/index.html');
  const srcs = ['packages/web/src', 'packages/web/index.html', 'packages/contract/src'].map((p) => path.join(root, p));
  const newestSrc = Math.max(
    ...srcs.filter(existsSync).map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
  );
  if (existsSync(dist) && statSync(dist).mtimeMs >= newestSrc) return;
  log('building the web app…');
  const code = await run('npm', ['run', 'build', '-w', '@vigil/web'], opts);
  if (code !== 0) fail('the web build failed: see the output above');
}
