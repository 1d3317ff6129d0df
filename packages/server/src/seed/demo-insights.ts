import type { ScheduleRule } from '@vigil/contract';
import type { Database } from '../db/client.ts';
import type { IngestService } from '../intake/service.ts';
import type { RollupWriter } from '../rollup/rollup.ts';
import { activateBackups } from '../rollup/activation.ts';
import { addDays, dayWindow } from '../status/index.ts';
import { computeInsights } from '../modules/insights/compute.ts';
import { insightContext } from '../modules/insights/evidence.ts';
import { redateDemoEmails, type SentDemoMail } from './demo-received.ts';

/**
 * The demo's Insights: a few backups of Contoso-like offices whose last eight weeks show each
 * kind of suggestion (a Saturday run the schedule leaves out, weekend days a job stopped
 * running, an alert feed filed as a backup, a replication that succeeds daily filed as an
 * alert, a job after midnight, a PC gone quiet, a retired server, a mail archive that halved),
 * sent through the intake as the product's generic CSV reports, one after each run. The estate's own history is
 * often shorter than eight weeks, so these carry their own. Then the insights are computed, so
 * the demo shows them at once rather than after the 05:00 job.
 */

interface Run {
  device: string;
  job: string;
  status: 'Success' | 'Warning' | 'Failed';
  at: Date;
}

interface DemoInsightBackup {
  device: string;
  job: string;
  schedule: ScheduleRule | null;
  type?: 'Alert';
  runs: Run[];
}

const DAILY: ScheduleRule = { kind: 'weekly', weekdays: 127 };
const WEEKDAYS: ScheduleRule = { kind: 'weekly', weekdays: 62 };
const SUBJECT = 'Backup Report CSV - status export';
const FROM_DOMAIN = 'contoso-demo.test';
/** The exporter mails a run's row a little after the run. */
const EXPORT_DELAY_MS = 90_000;

function plan(now: Date, timeZone: string): DemoInsightBackup[] {
  const ctx = insightContext(now, timeZone);
  const start = ctx.weekStarts[0];
  const yesterday = addDays(ctx.today, -1);
  const days: string[] = [];
  for (let d = start; d <= yesterday; d = addDays(d, 1)) days.push(d);
  const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();
  const week = (d: string) => ctx.weekStarts.filter((w) => w <= d).length - 1;
  const lastWeek = ctx.weekStarts.length - 1;
  const local = (d: string, hour: number, minute = 0) =>
    new Date(dayWindow(d, timeZone, 0).opensAt.getTime() + (hour * 60 + minute) * 60_000);
  const runs = (
    device: string,
    job: string,
    on: string[],
    hour: number,
    minute = 0,
    status: Run['status'] = 'Success',
  ) => on.map((d) => ({ device, job, status, at: local(d, hour, minute) }));
  const ago = (n: number) => addDays(ctx.today, -n);
  const scattered = [1, 12, 23, 31, 44, 52].map((n) => ago(n));
  return [
    {
      device: 'HQ-FS01',
      job: 'File shares nightly',
      schedule: WEEKDAYS,
      runs: runs(
        'HQ-FS01',
        'File shares nightly',
        days.filter((d) => weekday(d) !== 0),
        22,
        15,
      ),
    },
    {
      device: 'SQL-02',
      job: 'SQL full',
      schedule: DAILY,
      runs: runs(
        'SQL-02',
        'SQL full',
        days.filter((d) => week(d) < lastWeek - 3 || (weekday(d) !== 0 && weekday(d) !== 6)),
        23,
        5,
      ),
    },
    {
      device: 'UPS-MONITOR',
      job: 'Power events',
      schedule: null,
      runs: scattered.map((d, i) => ({
        device: 'UPS-MONITOR',
        job: 'Power events',
        status: i % 3 === 1 ? 'Warning' : 'Failed',
        at: local(d, 9 + i, 10),
      })),
    },
    {
      device: 'NAS-01',
      job: 'Snapshot replication',
      schedule: null,
      type: 'Alert',
      runs: runs('NAS-01', 'Snapshot replication', days, 20, 30),
    },
    { device: 'ERP-DB', job: 'ERP nightly', schedule: DAILY, runs: runs('ERP-DB', 'ERP nightly', days, 1, 40) },
    {
      device: 'RECEPTION-PC',
      job: 'Workstation image',
      schedule: DAILY,
      runs: runs(
        'RECEPTION-PC',
        'Workstation image',
        days.filter((d) => d <= ago(6)),
        12,
        30,
      ),
    },
    {
      device: 'OLD-DC01',
      job: 'System state',
      schedule: DAILY,
      runs: runs(
        'OLD-DC01',
        'System state',
        days.filter((d) => d <= ago(40)),
        21,
      ),
    },
    {
      device: 'MAIL-ARCHIVE',
      job: 'Journal archive',
      schedule: DAILY,
      runs: [
        ...runs('MAIL-ARCHIVE', 'Journal archive', days, 19),
        ...runs(
          'MAIL-ARCHIVE',
          'Journal archive',
          days.filter((d) => week(d) !== lastWeek),
          7,
        ),
      ],
    },
  ];
}

/** The export of one run: its CSV row, dated shortly after the run. */
function csvMail(run: Run, to: string): { raw: Buffer } & SentDemoMail {
  const stamp = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')}Z`;
  const csv = ['Device,Job,Status,Backup Date', [run.device, run.job, run.status, stamp(run.at)].join(',')];
  const sentAt = new Date(run.at.getTime() + EXPORT_DELAY_MS);
  const messageId = `export-${run.device.toLowerCase()}-${run.at.getTime()}@${FROM_DOMAIN}`;
  const boundary = `==d${run.at.getTime().toString(16)}`;
  const raw = Buffer.from(
    [
      `From: Backup Exporter <exports@${FROM_DOMAIN}>`,
      `To: ${to}`,
      `Subject: ${SUBJECT}`,
      `Date: ${sentAt.toUTCString()}`,
      `Message-ID: <${messageId}>`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset="UTF-8"',
      '',
      'Backup status export attached.',
      `--${boundary}`,
      'Content-Type: text/csv; name="status.csv"',
      'Content-Disposition: attachment; filename="status.csv"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(csv.join('\n')).toString('base64'),
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
  return { raw, messageId, sentAt };
}

async function waitForParsing(database: Database, tenantId: number, timeoutMs = 600_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const r = await database.query<{ n: string }>(
      `SELECT count(*) AS n FROM emails WHERE tenant_id = $1 AND subject = $2 AND state NOT IN ('Processed', 'Inactive')`,
      [tenantId, SUBJECT],
    );
    if (Number(r.rows[0].n) === 0) return;
    await new Promise((res) => setTimeout(res, 250));
  }
  throw new Error('the demo insight e-mails were not parsed in time');
}

export async function setUpDemoInsights(opts: {
  database: Database;
  ingest: IngestService;
  rollup: RollupWriter;
  tenantId: number;
  inboundDomain: string;
  now?: Date;
}): Promise<void> {
  const { database, tenantId } = opts;
  const now = opts.now ?? new Date();
  const tenant = await database.query<{ slug: string; tz: string }>(
    'SELECT slug, time_zone_id AS tz FROM tenants WHERE id = $1',
    [tenantId],
  );
  const timeZone = tenant.rows[0].tz || 'UTC';
  const to = `${tenant.rows[0].slug}@${opts.inboundDomain}`;
  const backups = plan(now, timeZone);
  const sent: SentDemoMail[] = [];
  for (const run of backups.flatMap((b) => b.runs).sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const mail = csvMail(run, to);
    if (mail.sentAt > now) continue;
    await opts.ingest.accept({
      raw: mail.raw,
      envelopeFrom: `exports@${FROM_DOMAIN}`,
      recipients: [{ tenantId, address: to, plusTag: null }],
      source: 'smtp',
    });
    sent.push(mail);
  }
  await waitForParsing(database, tenantId);
  await redateDemoEmails(database, tenantId, sent, now);
  const company = await database.query<{ id: number }>(
    'SELECT id FROM companies WHERE tenant_id = $1 ORDER BY name LIMIT 1',
    [tenantId],
  );
  for (const b of backups) {
    const found = await database.query<{ id: number }>(
      `SELECT id FROM backups WHERE tenant_id = $1 AND device_name = $2 AND job_name = $3`,
      [tenantId, b.device, b.job],
    );
    const ids = found.rows.map((r) => r.id);
    if (b.type) await database.query(`UPDATE backups SET backup_type = $2 WHERE id = ANY($1::int[])`, [ids, b.type]);
    await activateBackups(database, opts.rollup, tenantId, ids, {
      companyId: company.rows[0]?.id ?? null,
      schedule: b.schedule,
    });
  }
  await computeInsights(database, tenantId);
}
