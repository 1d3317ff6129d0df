import net from 'node:net';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client.ts';
import type { IngestService } from '../intake/service.ts';
import type { RollupWriter } from '../rollup/rollup.ts';
import { activateBackups } from '../rollup/activation.ts';
import { setUpDemoManage } from './demo-manage.ts';
import { setUpDemoInsights } from './demo-insights.ts';
import { redateDemoEmails } from './demo-received.ts';
import { addDays, businessDay, type ScheduleRule } from '../status/index.ts';
import {
  DEMO_COMPANIES,
  demoIdentity,
  demoRuns,
  mulberry32,
  planDemoEstate,
  renderDemoMail,
  type DemoBackup,
  type DemoRun,
} from './demo-mail.ts';

/**
 * The demo tenant's backup history and its live feed, produced the way a customer's would be:
 * vendor e-mails sent over SMTP to the tenant's inbound address, parsed by the real pipeline.
 *
 * - `loadDemoHistory` (first start with --seed): companies, `days` days of e-mails, then the
 *   discovered backups are activated with schedules, companies and tags (a few are left
 *   waiting for activation) and rolled up.
 * - `feedDemo` (the demo-feed job): sends the runs that finished since the last feed, so the
 *   demo keeps looking live while the server runs.
 */
const MARK_KEY = 'demo.feed.mark';
const ESTATE_SEED = 1;
/** Window of days a run plan looks back on (streaks of failures, stopped backups). */
const PLAN_WINDOW = 31;

export interface DemoFeedOptions {
  database: Database;
  ingest: IngestService;
  rollup: RollupWriter;
  inboundDomain: string;
  smtp: { host: string; port: number } | null;
  slug?: string;
  /** Told after each e-mail is sent: how many of how many. */
  progress?: (sent: number, total: number) => void;
}

interface DemoTenant {
  id: number;
  timeZone: string;
}

async function demoTenant(database: Database, slug: string): Promise<DemoTenant | null> {
  const r = await database.query<{ id: number; time_zone_id: string }>(
    'SELECT id, time_zone_id FROM tenants WHERE slug = $1',
    [slug],
  );
  return r.rows[0] ? { id: r.rows[0].id, timeZone: r.rows[0].time_zone_id || 'UTC' } : null;
}

function hashOf(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The runs of one backup on one local day: the same answer every time it is asked. */
function runsOn(backup: DemoBackup, index: number, day: string, timeZone: string): DemoRun[] {
  const days = Array.from({ length: PLAN_WINDOW }, (_, i) => addDays(day, i - PLAN_WINDOW + 1));
  const rng = mulberry32(hashOf(`${index}|${day}`));
  return demoRuns(backup, days, rng, timeZone).filter((r) => businessDay(r.start, timeZone, 0) === day);
}

interface Outgoing {
  from: string;
  to: string;
  raw: Buffer;
  messageId: string;
  /** The Date header: the run's end. */
  sentAt: Date;
}

function mailOf(backup: DemoBackup, index: number, run: DemoRun, opts: DemoFeedOptions, timeZone: string): Outgoing {
  const slug = opts.slug ?? 'demo';
  const to = `${slug}+${backup.tag}@${opts.inboundDomain}`;
  const messageId = `demo-${index}-${run.start.getTime()}@vigil.demo`;
  const raw = renderDemoMail(run, { to, messageId, timeZone });
  const from = /^From:.*<([^>]+)>/im.exec(raw.toString('latin1'))?.[1] ?? `backup@${slug}.demo`;
  return { from, to, raw, messageId, sentAt: run.end };
}

/** Sends over SMTP (pooled connections); without an SMTP door, straight into the intake. */
async function send(opts: DemoFeedOptions, tenantId: number, mails: Outgoing[]): Promise<void> {
  if (!mails.length) return;
  if (!opts.smtp) {
    for (const m of mails)
      await opts.ingest.accept({
        source: 'smtp',
        envelopeFrom: m.from,
        recipients: [{ tenantId, address: m.to, plusTag: m.to.split('+')[1]?.split('@')[0] ?? null }],
        raw: m.raw,
      });
    return;
  }
  const host = opts.smtp.host === '0.0.0.0' ? '127.0.0.1' : opts.smtp.host;
  const port = opts.smtp.port;
  const transport = nodemailer.createTransport({
    host,
    port,
    // nodemailer leaves Nagle's algorithm on: the message's last small write would wait for the
    // door's delayed ACK (40 ms on Linux) on every e-mail, so each connection is opened with it off.
    getSocket: (_options: unknown, done: (err: Error | null, socket?: { connection: net.Socket }) => void) => {
      const socket = net.connect({ host, port, noDelay: true });
      const failed = (err: Error) => done(err);
      socket.once('error', failed);
      socket.once('connect', () => {
        // From here on the connection's errors are nodemailer's to handle.
        socket.off('error', failed);
        done(null, { connection: socket });
      });
    },
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: 8,
    maxMessages: Infinity,
  });
  try {
    let next = 0;
    let sent = 0;
    const worker = async () => {
      while (next < mails.length) {
        const m = mails[next++];
        // Like a mail server: a temporary refusal (4xx, e.g. a sender's rate) is tried again.
        for (let attempt = 0; ; attempt++) {
          try {
            await transport.sendMail({ envelope: { from: m.from, to: [m.to] }, raw: m.raw });
            opts.progress?.(++sent, mails.length);
            break;
          } catch (err) {
            const code = (err as { responseCode?: number }).responseCode ?? 0;
            if (code < 400 || code >= 500 || attempt >= 120) throw err;
            await new Promise((res) => setTimeout(res, 1000));
          }
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  } finally {
    transport.close();
  }
}

/**
 * Waits until every sent e-mail is filed (an SMTP spool files behind its 250) and none is left
 * to parse.
 */
async function waitForParsing(
  database: Database,
  tenantId: number,
  messageIds: string[],
  timeoutMs = 600_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  const expected = new Set(messageIds).size;
  while (Date.now() < until) {
    const r = await database.query<{ n: string; filed: string }>(
      `SELECT count(*) FILTER (WHERE state NOT IN ('Processed', 'Inactive')) AS n,
              count(*) FILTER (WHERE message_id = ANY($2::text[])) AS filed
         FROM emails WHERE tenant_id = $1`,
      [tenantId, messageIds],
    );
    if (Number(r.rows[0].n) === 0 && Number(r.rows[0].filed) >= expected) return;
    await new Promise((res) => setTimeout(res, 250));
  }
  throw new Error('the demo e-mails were not parsed in time');
}

const SCHEDULES: Record<DemoBackup['schedule'], ScheduleRule> = {
  daily: { kind: 'weekly', weekdays: 127 },
  weekdays: { kind: 'weekly', weekdays: 62 },
  'weekly-sunday': { kind: 'weekly', weekdays: 1 },
};

const CLOUD = new Set(['veeam-m365', 'cove', 'datto-bcdr', 'axcient', 'acronis', 'msp360', 'comet']);

/** Whether the demo already has its history (then nothing is sent again). */
export async function hasDemoHistory(database: Database): Promise<boolean> {
  const r = await database.query('SELECT 1 FROM system_settings WHERE key = $1', [MARK_KEY]);
  return r.rows.length > 0;
}

/** Sends `days` days of history for the demo tenant, activates what it discovered, rolls up. */
export async function loadDemoHistory(
  opts: DemoFeedOptions & { days?: number; now?: Date; log?: (line: string) => void },
): Promise<{ emails: number; activated: number }> {
  const { database } = opts;
  const now = opts.now ?? new Date();
  const tenant = await demoTenant(database, opts.slug ?? 'demo');
  if (!tenant || (await hasDemoHistory(database))) return { emails: 0, activated: 0 };
  const estate = planDemoEstate(ESTATE_SEED);

  // Companies first, each with its plus-address code.
  for (const c of DEMO_COMPANIES) {
    await database.query(
      `INSERT INTO companies (tenant_id, name, type, code) VALUES ($1, $2, 1, $3)
       ON CONFLICT (tenant_id, lower(name)) DO NOTHING`,
      [tenant.id, c.name, c.tag],
    );
  }

  const today = businessDay(now, tenant.timeZone, 0);
  const days = opts.days ?? 90;
  const mails: Outgoing[] = [];
  for (let d = days - 1; d >= 0; d--) {
    const day = addDays(today, -d);
    estate.forEach((b, i) => {
      for (const run of runsOn(b, i, day, tenant.timeZone))
        if (run.end <= now) mails.push(mailOf(b, i, run, opts, tenant.timeZone));
    });
  }
  opts.log?.(`  Loading the demo: ${mails.length} backup e-mails over ${days} days, through SMTP…`);
  await send(opts, tenant.id, mails);
  await waitForParsing(
    database,
    tenant.id,
    mails.map((m) => m.messageId),
  );
  // Received as a mail server would have: shortly after each run, not all at the seed's minute.
  await redateDemoEmails(database, tenant.id, mails, now);

  // Activate what arrived, as an MSP would: company, schedule, tags; a few left for later.
  const companies = new Map(
    (
      await database.query<{ id: number; code: string }>('SELECT id, code FROM companies WHERE tenant_id = $1', [
        tenant.id,
      ])
    ).rows.map((r) => [r.code, r.id]),
  );
  let activated = 0;
  for (const [i, b] of estate.entries()) {
    if (i % 25 === 12) continue; // waiting in Activate Backups
    const id = demoIdentity(b);
    const found = await database.query<{ id: number }>(
      `SELECT id FROM backups WHERE tenant_id = $1 AND vendor = $2 AND device_name = $3 AND job_name = $4`,
      [tenant.id, id.vendor, id.device, id.job],
    );
    const ids = found.rows.map((r) => r.id);
    if (!ids.length) continue;
    const tags = [CLOUD.has(b.vendor) ? 'cloud' : 'on-premises', ...(b.schedule === 'daily' ? ['daily'] : [])];
    if (i % 9 === 0) tags.push('critical');
    activated += (
      await activateBackups(database, opts.rollup, tenant.id, ids, {
        companyId: companies.get(b.tag) ?? null,
        schedule: SCHEDULES[b.schedule],
        tags,
      })
    ).length;
  }
  await setUpDemoManage(database, opts.rollup, tenant.id);
  await setUpDemoInsights({ ...opts, tenantId: tenant.id, now });
  // Fresh statistics for the planner after the bulk load (PGlite has no autovacuum).
  await database.exec('ANALYZE');
  await database.query(
    `INSERT INTO system_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [MARK_KEY, now.toISOString()],
  );
  return { emails: mails.length, activated };
}

/** Sends the demo runs that finished since the last feed (today's and yesterday's). */
export async function feedDemo(opts: DemoFeedOptions & { now?: Date }): Promise<number> {
  const { database } = opts;
  const now = opts.now ?? new Date();
  const mark = await database.query<{ value: string }>('SELECT value FROM system_settings WHERE key = $1', [MARK_KEY]);
  if (!mark.rows[0]) return 0;
  const since = new Date(mark.rows[0].value);
  const tenant = await demoTenant(database, opts.slug ?? 'demo');
  if (!tenant) return 0;
  const estate = planDemoEstate(ESTATE_SEED);
  const today = businessDay(now, tenant.timeZone, 0);
  const mails: Outgoing[] = [];
  for (const day of [addDays(today, -1), today]) {
    estate.forEach((b, i) => {
      for (const run of runsOn(b, i, day, tenant.timeZone))
        if (run.end > since && run.end <= now) mails.push(mailOf(b, i, run, opts, tenant.timeZone));
    });
  }
  await send(opts, tenant.id, mails);
  await database.query('UPDATE system_settings SET value = $2 WHERE key = $1', [MARK_KEY, now.toISOString()]);
  return mails.length;
}
