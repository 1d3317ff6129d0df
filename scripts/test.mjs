#!/usr/bin/env node
// `npm test`: installs what the tests need, then runs type check, lint, format, unit tests,
// API tests on PGlite and on PostgreSQL, and the browser journeys in Chromium. Every suite
// runs; the run fails if any suite fails or cannot start. The last line sums up the tests.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LAST_LANES, splitJourneys } from './e2e-shards.mjs';
import { ensureInstalled, ensureWebBuilt, log, root, run } from './lib.mjs';
import { CHROMIUM, prepareSystem } from './system-deps.mjs';

// e.g. `npm test -- unit api-pglite`; `check` names both halves of the check (types, lint).
const only = process.argv.slice(2).flatMap((name) => (name === 'check' ? ['types', 'lint'] : [name]));

const results = [];
function readVitest(file) {
  try {
    const j = JSON.parse(readFileSync(file, 'utf8'));
    return {
      passed: j.numPassedTests,
      failed: j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0),
      skipped: j.numPendingTests + (j.numTodoTests ?? 0),
    };
  } catch {
    return null;
  }
}
function readPlaywright(file) {
  try {
    const s = JSON.parse(readFileSync(file, 'utf8')).stats;
    return { passed: s.expected, failed: s.unexpected + s.flaky, skipped: s.skipped };
  } catch {
    return null;
  }
}

const ORDER = ['types', 'lint', 'bundle', 'unit', 'api-pglite', 'api-postgres', 'e2e'];
/** How many Chromium journeys run side by side, each against its own server and database. */
const E2E_SHARDS = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));

async function suite(name, fn) {
  if (only.length && !only.includes(name)) return;
  log(`── ${name} ──`);
  const started = Date.now();
  const { code, counts } = await fn(`[${name}]`);
  const ok = code === 0 && counts && counts.failed === 0 && counts.passed > 0;
  results.push({ name, ok, counts, seconds: Math.round((Date.now() - started) / 1000) });
  log(`── ${name} ${ok ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s ──`);
  if (!ok)
    console.error(`\x1b[31m[vigil] suite ${name} failed${counts ? '' : ' (it did not report any results)'}\x1b[0m`);
}

async function vitest(name, project, prefix, env = {}) {
  const out = path.join(root, '.tmp', `vitest-${name}.json`);
  rmSync(out, { force: true });
  const code = await run(
    'npx',
    ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { env, prefix },
  );
  return { code, counts: readVitest(out) };
}

/**
 * One share of the journeys (its files, split by last known running time: scripts/e2e-shards.mjs):
 * its own server port, SMTP port, data dir and results file.
 */
async function e2eShard(index, prefix, coresFree) {
  const out = path.join(root, '.tmp', `playwright-${index}.json`);
  rmSync(out, { force: true });
  const gate = path.join(root, '.tmp', `e2e-gate-${index}`);
  rmSync(gate, { force: true });
  // The journeys wait at the gate (e2e/start-gate.ts) after the server is up; it opens when the
  // cores are free.
  void coresFree.then(() => writeFileSync(gate, ''));
  const shard = E2E_SHARDS > 1 ? splitJourneys(E2E_SHARDS)[index].files : [];
  const code = await run(
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json', ...shard],
    {
      prefix: E2E_SHARDS > 1 ? `${prefix.slice(0, -1)}:${index + 1}]` : prefix,
      env: {
        PLAYWRIGHT_JSON_OUTPUT_NAME: out,
        E2E_START_GATE: gate,
        CHROMIUM_PATH: CHROMIUM,
        E2E_PORT: String(8181 + index * 10),
        E2E_SMTP_PORT: String(2626 + index * 10),
        E2E_DATA_DIR: `.tmp/e2e-data-${index}`,
        E2E_OUTPUT_DIR: `../.tmp/test-results-${index}`,
        // Journeys assert the same without screenshots; `npm run screenshots` takes them.
        E2E_SCREENSHOTS: process.env.E2E_SCREENSHOTS ?? '0',
      },
    },
  );
  rmSync(gate, { force: true });
  if (code !== 0) printPageSnapshots(path.join(root, '.tmp', `test-results-${index}`));
  return { code, counts: readPlaywright(out) };
}

/**
 * A failed journey's page as the browser last saw it (Playwright's error-context.md: the page's
 * accessibility tree), printed so that a run whose files are not kept still shows what was on screen.
 */
function printPageSnapshots(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir, { recursive: true })) {
    if (!String(name).endsWith('error-context.md')) continue;
    const lines = readFileSync(path.join(dir, String(name)), 'utf8').split('\n');
    log(`── page at failure: ${name} ──`);
    console.log(lines.slice(0, 160).join('\n') + (lines.length > 160 ? `\n… ${lines.length - 160} more lines` : ''));
  }
}

const wants = (...names) => !only.length || names.some((name) => only.includes(name));
// Debian's packages the chosen suites need install beside npm's packages and the first suites.
const system = prepareSystem(
  [
    wants('e2e') && 'chromium',
    wants('unit', 'api-pglite', 'api-postgres', 'e2e') && 'pdftoppm',
    wants('api-pglite', 'api-postgres') && 'dovecot',
    wants('api-postgres') && 'postgres',
  ].filter(Boolean),
);
await ensureInstalled();

// Suites run in two lanes, one core each (vitest runs one worker on two cores, tsc and eslint are
// single-threaded), with no barrier between them: the type and format check, the unit tests, then
// the API suite on PostgreSQL; the web build, the bundle check, lint and sizes, then the API suite
// on PGlite. The journeys' shards start their servers with the API suites and run their
// journeys as the lanes free the cores: the first when either lane ends, the second when both have.
const started = Date.now();
const check = (part) => async (prefix) => {
  const code = await run('node', ['scripts/check.mjs', part], { prefix });
  return { code, counts: { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 } };
};
let webBuilt = Promise.resolve();
// The journeys' servers start with the API suites (the cores have idle time then) and load the
// demo; each shard's journeys wait at its gate until the lanes free the cores.
let apiStarted;
const serversStart = new Promise((resolve) => (apiStarted = resolve));
const laneA = (async () => {
  await suite('types', check('types'));
  const pgUrl = await system;
  await suite('unit', (prefix) => vitest('unit', 'unit', prefix));
  await suite('api-postgres', (prefix) =>
    vitest('api-postgres', 'api', prefix, { VIGIL_TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl }),
  );
})();
const laneB = (async () => {
  if (!only.length || only.includes('e2e') || only.includes('bundle')) {
    webBuilt = ensureWebBuilt({ prefix: '[web build]' });
    await webBuilt;
    await suite('bundle', async (prefix) => {
      const code = await run('node', ['scripts/bundle-size.mjs'], { prefix });
      return { code, counts: { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 } };
    });
  }
  await suite('lint', check('lint'));
  await system;
  apiStarted();
  await suite('api-pglite', (prefix) => vitest('api-pglite', 'api', prefix, { VIGIL_TEST_DB: 'pglite' }));
})();
const apiSuites = [laneA, laneB];
// How long each lane took, for the next split of the journeys (`node scripts/e2e-shards.mjs --record`).
const laneSeconds = {};
for (const [name, lane] of Object.entries({ laneA, laneB }))
  lane.then(() => (laneSeconds[name] = Math.round((Date.now() - started) / 1000)));
const coresFree = [Promise.race(apiSuites), Promise.all(apiSuites)];
await suite('e2e', async (prefix) => {
  const shards = await Promise.all(
    Array.from({ length: E2E_SHARDS }, async (_, i) => {
      await Promise.race([serversStart, Promise.all(apiSuites)]);
      await webBuilt;
      return e2eShard(i, prefix, coresFree[Math.min(i, coresFree.length - 1)]);
    }),
  );
  const sum = (key) => shards.reduce((n, s) => n + (s.counts?.[key] ?? 0), 0);
  return {
    code: shards.some((s) => s.code !== 0) ? 1 : 0,
    counts: shards.every((s) => s.counts)
      ? { passed: sum('passed'), failed: sum('failed'), skipped: sum('skipped') }
      : null,
  };
});
await Promise.all(apiSuites);
if (!only.length) writeFileSync(LAST_LANES, `${JSON.stringify(laneSeconds, null, 2)}\n`);
results.sort((a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name));

console.log('\nSuite            result   passed  failed  skipped  seconds');
let passed = 0;
let failed = 0;
for (const r of results) {
  const c = r.counts ?? { passed: 0, failed: 0, skipped: 0 };
  passed += c.passed;
  failed += c.failed + (r.ok || c.failed ? 0 : 1);
  console.log(
    `${r.name.padEnd(16)} ${(r.ok ? 'ok' : 'FAILED').padEnd(8)} ${String(c.passed).padStart(6)}  ${String(c.failed).padStart(6)}  ${String(c.skipped).padStart(7)}  ${String(r.seconds).padStart(7)}`,
  );
}
console.log(`\nTotal: ${passed} passed, ${failed} failed in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(results.every((r) => r.ok) && results.length ? 0 : 1);
