/**
 * Company assignment rules at scale: a tenant of 200 companies, each with a rule set of two
 * groups, and 10,000 Inactive backups without a company (about 2 % claimed by two companies,
 * 5 % by none). Measures, through the real API (Fastify inject, no network) and the real job
 * path:
 *   - the "Apply companies" preview (GET api/company/apply),
 *   - applying every company's rules to all 10,000 (PUT api/company/apply), target ≤ 5 s,
 *   - the scheduled re-apply of one tenant (rules and client-id mappings, Inactive backups).
 *
 *   npm run bench -- company-rules [--db=pglite|postgres] [--backups=10000] [--companies=200] [--iterations=3]
 *
 * Figures go to bench/results/company-rules.json, one entry per database.
 */
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { migrateDatabase, type Database } from '../packages/server/src/db/client.ts';
import { reapplyTenant } from '../packages/server/src/modules/companies/assign.ts';
import { openBenchDatabase, seedBenchTenant } from './_bench-db.ts';
import { writeRunResults } from './_results.ts';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const dbKind = arg('db', 'pglite') as 'pglite' | 'postgres';
const backupCount = Number(arg('backups', '10000'));
const companyCount = Number(arg('companies', '200'));
const iterations = Number(arg('iterations', '3'));
const PASSWORD = 'Bench!Rules1';
const TARGET_SECONDS = 5;

const round = (ms: number) => Math.round(ms);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Company i (1-based) claims devices named "c<i>-…" (first group) and jobs containing
 * "client <i>/" from the generic vendor (second group). Backup n belongs to company n % C + 1 by
 * device name; every 50th also carries the job tag of the next company (a conflict); every 20th
 * has a device name no rule knows.
 */
async function generate(database: Database, tenantId: number): Promise<void> {
  await database.query(
    `INSERT INTO companies (tenant_id, name) SELECT $1, 'Company ' || lpad(g::text, 3, '0') FROM generate_series(1, $2) g`,
    [tenantId, companyCount],
  );
  const companies = (
    await database.query<{ id: number; name: string }>(
      'SELECT id, name FROM companies WHERE tenant_id = $1 ORDER BY id',
      [tenantId],
    )
  ).rows;
  const docs = companies.map((_, i) =>
    JSON.stringify({
      Groups: [
        { Conditions: [{ Field: 'DeviceName', Operator: 'StartsWith', Value: `c${i + 1}-` }] },
        {
          Conditions: [
            { Field: 'JobName', Operator: 'Contains', Value: `client ${i + 1}/` },
            { Field: 'Vendor', Operator: 'Equals', Value: 'generic-csv' },
          ],
        },
      ],
    }),
  );
  await database.query(
    `INSERT INTO company_rules (company_id, tenant_id, rules)
     SELECT c, $1, d::jsonb FROM unnest($2::int[], $3::text[]) AS x(c, d)`,
    [tenantId, companies.map((c) => c.id), docs],
  );
  await database.query(
    `INSERT INTO backups (tenant_id, vendor, device_name, job_name, state, sender_address)
     SELECT $1, CASE WHEN g % 3 = 0 THEN 'veeam-br' ELSE 'generic-csv' END,
            CASE WHEN g % 20 = 0 THEN 'loose-' || g ELSE 'c' || (g % $3 + 1) || '-dev' || g END,
            CASE WHEN g % 50 = 0 THEN 'Nightly client ' || ((g + 1) % $3 + 1) || '/files' ELSE 'Nightly ' || g END,
            'Inactive', 'backup@client.test'
       FROM generate_series(1, $2) g`,
    [tenantId, backupCount, companyCount],
  );
}

async function main() {
  const { database, cleanup } = await openBenchDatabase(dbKind, 'rules');
  try {
    await migrateDatabase(database);
    const tenantId = await seedBenchTenant(database, PASSWORD);
    const config = loadConfig({
      VIGIL_ENV: 'test',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      DATA_DIR: path.join(os.tmpdir(), 'vigil-bench-rules-data'),
      PARSE_THREADS: '0',
    });
    const { app } = await buildApp({ config, database, logger: false, serveWeb: false });
    await app.ready();
    let t = performance.now();
    await generate(database, tenantId);
    await database.exec('VACUUM ANALYZE');
    console.log(
      `generated ${companyCount} companies with rules and ${backupCount} inactive backups in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    const login = await app.inject({
      method: 'POST',
      url: '/api/UserAuth/Login',
      payload: { UserName: 'admin@bench.test', Password: PASSWORD },
    });
    const token = (login.json() as { accessToken: string }).accessToken;
    const call = async <T>(method: 'GET' | 'PUT', url: string) => {
      const s = performance.now();
      const r = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
      const ms = performance.now() - s;
      if (r.statusCode !== 200) throw new Error(`${method} ${url} answered ${r.statusCode}: ${r.body}`);
      return { ms, body: r.json() as T };
    };
    const reset = () =>
      database.query('UPDATE backups SET company_id = NULL, company_source = NULL WHERE tenant_id = $1', [tenantId]);

    const preview: number[] = [];
    const apply: number[] = [];
    const job: number[] = [];
    let applied: { Assigned: number; Conflicts: number; Companies: number } | null = null;
    let previewCompanies = 0;
    let jobAssigned = 0;
    for (let i = 0; i < iterations; i++) {
      await reset();
      const p = await call<{ Backups: unknown[] }[]>('GET', '/api/company/apply');
      preview.push(p.ms);
      previewCompanies = p.body.length;
      const a = await call<{ Assigned: number; Conflicts: number; Companies: number }>('PUT', '/api/company/apply');
      apply.push(a.ms);
      applied = a.body;
      await reset();
      t = performance.now();
      jobAssigned = (await reapplyTenant(database, tenantId)).assigned;
      job.push(performance.now() - t);
    }
    const figures = {
      db: dbKind,
      backups: backupCount,
      companies: companyCount,
      iterations,
      previewMs: { median: round(median(preview)), runs: preview.map(round), companies: previewCompanies },
      applyMs: { median: round(median(apply)), runs: apply.map(round), ...applied },
      scheduledReapplyMs: { median: round(median(job)), runs: job.map(round), assigned: jobAssigned },
      targetSeconds: TARGET_SECONDS,
      withinTarget: median(apply) <= TARGET_SECONDS * 1000 && median(job) <= TARGET_SECONDS * 1000,
    };
    console.log(
      `${dbKind}: preview ${figures.previewMs.median} ms, apply ${figures.applyMs.median} ms ` +
        `(${applied?.Assigned} assigned, ${applied?.Conflicts} conflicts), scheduled re-apply ${figures.scheduledReapplyMs.median} ms`,
    );
    // One file for both databases: keep the other database's latest figures.
    writeRunResults('company-rules', dbKind, figures);
    await app.close();
  } finally {
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
