/**
 * Templates and backup plans at scale: a tenant of 5,000 backups (half Active with 30 days of
 * rolled-up history, half Inactive), measured through the real API (Fastify inject, no network):
 *   - applying one template to all 5,000 (PUT api/template/apply: link, write settings, activate
 *     the Inactive ones), target ≤ 2 s until the settings are committed,
 *   - changing that template's settings, which rewrites all 5,000 linked backups (PUT api/template),
 *   - applying a backup plan to all 5,000 (POST api/backup-plans/apply?overrideBackupPlans=true),
 *     target ≤ 2 s,
 *   - and, separately, draining the history re-roll each bulk change queued (the job queue's
 *     work, after the call answered).
 *
 *   npm run bench -- templates [--db=pglite|postgres] [--backups=5000] [--days=30] [--iterations=3]
 *
 * Figures go to bench/results/templates.json, one entry per database.
 */
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { migrateDatabase } from '../packages/server/src/db/client.ts';
import { REROLL_QUEUE } from '../packages/server/src/changes/reroll.ts';
import { ensureFlags } from '../packages/server/src/modules/admin-portal/flags-service.ts';
import { generateAuditTenant } from './_audit-data.ts';
import type { Jobs } from '../packages/server/src/platform/jobs.ts';
import { openBenchDatabase, seedBenchTenant } from './_bench-db.ts';
import { writeRunResults } from './_results.ts';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const dbKind = arg('db', 'pglite') as 'pglite' | 'postgres';
const backupCount = Number(arg('backups', '5000'));
const dayCount = Number(arg('days', '30'));
const iterations = Number(arg('iterations', '3'));
const PASSWORD = 'Bench!Templates1';
const TARGET_MS = 2000;

const round = (ms: number) => Math.round(ms);

async function main() {
  const { database, cleanup } = await openBenchDatabase(dbKind, 'templates');
  try {
    await migrateDatabase(database);
    const tenantId = await seedBenchTenant(database, PASSWORD);
    // The job queue as the server sees it; its re-roll slices are drained below and timed apart.
    const queued: number[][] = [];
    const jobs = {
      send: async (name: string, data: unknown) => {
        if (name === REROLL_QUEUE) queued.push((data as { ids: number[] }).ids);
        return null;
      },
      notify: () => undefined,
    } as unknown as Jobs;
    const config = loadConfig({
      VIGIL_ENV: 'test',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      DATA_DIR: path.join(os.tmpdir(), 'vigil-bench-templates-data'),
      PARSE_THREADS: '0',
    });
    const { app, deps } = await buildApp({ config, database, jobs, logger: false, serveWeb: false });
    await app.ready();
    await ensureFlags(database);
    await database.query(`UPDATE feature_flags SET status = 1 WHERE key = 'brBackupPlans'`);
    const today = new Date().toISOString().slice(0, 10);

    const t = performance.now();
    await generateAuditTenant(database, tenantId, today, {
      backups: backupCount,
      days: dayCount,
      companies: Math.max(1, Math.round(backupCount / 25)),
    });
    const ids = (
      await database.query<{ id: number }>('SELECT id FROM backups WHERE tenant_id = $1 ORDER BY id', [tenantId])
    ).rows.map((r) => r.id);
    const half = ids.filter((_, i) => i % 2 === 0);
    for (let i = 0; i < ids.length; i += 200) await deps.rollup.rerollAll(ids.slice(i, i + 200));
    await database.query(`UPDATE backups SET state = 'Inactive', activated_at = NULL WHERE id = ANY($1::int[])`, [
      half,
    ]);
    await database.exec('VACUUM ANALYZE');
    console.log(
      `generated ${ids.length} backups (${half.length} Inactive) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    const login = await app.inject({
      method: 'POST',
      url: '/api/UserAuth/Login',
      payload: { UserName: 'admin@bench.test', Password: PASSWORD },
    });
    const token = (login.json() as { accessToken: string }).accessToken;
    const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
      const s = performance.now();
      const r = await app.inject({
        method,
        url,
        payload: payload === undefined ? undefined : JSON.stringify(payload),
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
      });
      const ms = performance.now() - s;
      if (r.statusCode !== 200) throw new Error(`${method} ${url} answered ${r.statusCode}: ${r.body}`);
      return { ms, body: r.json() as Record<string, unknown> };
    };
    const drain = async () => {
      const s = performance.now();
      let n = 0;
      while (queued.length) {
        const slice = queued.shift()!;
        n += slice.length;
        await deps.rollup.rerollAll(slice);
      }
      return { ms: performance.now() - s, backups: n };
    };
    const rules = { Groups: [{ Conditions: [{ Field: 'DeviceName', Operator: 'StartsWith', Value: 'SRV-' }] }] };

    const applyMs: number[] = [];
    const editMs: number[] = [];
    const planMs: number[] = [];
    const drains: Record<string, { ms: number; backups: number }[]> = { apply: [], edit: [], plan: [] };
    let applied = 0;
    let planApplied = 0;
    for (let i = 0; i < iterations; i++) {
      // Earlier rounds' templates would conflict with this one: they go first (backups standalone).
      const stale = ((await call('GET', '/api/template/dropdown')).body as unknown as { Id: number }[]).map(
        (x) => x.Id,
      );
      if (stale.length) await call('DELETE', '/api/template', { Ids: stale });
      const created = await call('POST', '/api/template/create', `Bench template ${i}`);
      const id = (created.body as { Id: number }).Id;
      await call('PUT', '/api/template/rules', { Id: id, Rules: rules });
      const weekdays = i % 2 ? 62 : 127;
      await call('PUT', '/api/template', {
        Id: id,
        Name: `Bench template ${i}`,
        Settings: { Schedule: { kind: 'weekly', weekdays }, DayStartHour: i % 2 ? 6 : 0, Tags: ['bench'] },
        Companies: [],
      });
      queued.length = 0;
      const a = await call('PUT', '/api/template/apply', { Ids: [id] });
      applyMs.push(a.ms);
      applied = a.body.Applied as number;
      drains.apply.push(await drain());

      const e = await call('PUT', '/api/template', {
        Id: id,
        Name: `Bench template ${i}`,
        Settings: { Schedule: { kind: 'weekly', weekdays: weekdays === 62 ? 127 : 62 }, DayStartHour: 3 },
        Companies: [],
      });
      editMs.push(e.ms);
      drains.edit.push(await drain());

      const plan = await call('POST', '/api/backup-plans/create', {
        Name: `Bench plan ${i}`,
        Rules: rules,
        Settings: { DayStartHour: i % 2 ? 2 : 4, Tags: [`plan-${i}`] },
        AfterId: null,
      });
      const p = await call('POST', '/api/backup-plans/apply?overrideBackupPlans=true', {
        Ids: [(plan.body as { Id: number }).Id],
      });
      planMs.push(p.ms);
      planApplied = p.body.Applied as number;
      drains.plan.push(await drain());
      console.log(
        `round ${i + 1}: template apply ${round(a.ms)} ms (${applied}), settings change ${round(e.ms)} ms, plan apply ${round(p.ms)} ms (${planApplied})`,
      );
    }
    const worst = (xs: number[]) => round(Math.max(...xs));
    const best = (xs: number[]) => round(Math.min(...xs));
    const entry = {
      backups: ids.length,
      inactiveAtStart: half.length,
      historyDays: dayCount,
      iterations,
      templateApply: {
        backupsApplied: applied,
        bestMs: best(applyMs),
        worstMs: worst(applyMs),
        runsMs: applyMs.map(round),
      },
      templateSettingsChange: { bestMs: best(editMs), worstMs: worst(editMs), runsMs: editMs.map(round) },
      planApply: {
        backupsApplied: planApplied,
        bestMs: best(planMs),
        worstMs: worst(planMs),
        runsMs: planMs.map(round),
      },
      rerollDrainMs: Object.fromEntries(
        Object.entries(drains).map(([k, v]) => [
          k,
          { worstMs: worst(v.map((x) => x.ms)), backups: v[0]?.backups ?? 0 },
        ]),
      ),
      targetMs: TARGET_MS,
      meetsTarget: worst(applyMs) <= TARGET_MS && worst(planMs) <= TARGET_MS,
    };
    writeRunResults('templates', dbKind, entry);
    await app.close();
  } finally {
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
