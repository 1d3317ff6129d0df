import { EmailAlertSettings, UserLevel, type ReportFormatValue, type ReportType } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { tenantBrand, tenantFooterText, withFooter } from '../branding/footer.ts';
import { restrictedCompanyIds } from '../audit/common.ts';
import { buildReportDocument } from './generate.ts';
import { headerLines } from './render/format.ts';
import { renderReport } from './render/index.ts';
import { filtersOf, type ReportRow } from './scheduled-rows.ts';

/** Sending one run of a scheduled report: built for what its creator may see, rendered, mailed, recorded. */

export interface Delivery {
  outcome: 'Sent' | 'Failed';
  error: string | null;
  sizeBytes: number | null;
  fileName: string | null;
}

/**
 * Companies the report may show: those of its creator when the creator is a client user or
 * restricted to companies (the report shows what its creator could see), else all.
 */
async function visibleFor(database: Database, report: ReportRow): Promise<number[] | null> {
  if (report.created_by === null) return null;
  const u = await database.query<{ level: number; is_company_restricted: boolean }>(
    'SELECT level, is_company_restricted FROM users WHERE id = $1',
    [report.created_by],
  );
  const user = u.rows[0];
  if (!user || (user.level !== UserLevel.Client && !user.is_company_restricted)) return null;
  return restrictedCompanyIds(database, report.created_by, report.tenant_id);
}

/** Builds, renders and mails one run, then records its outcome on the run row. */
export async function deliverReport(
  deps: Pick<Deps, 'database' | 'mailer'>,
  report: ReportRow,
  runId: number,
  now: Date,
): Promise<Delivery> {
  let d: Delivery;
  try {
    const type = report.report_type as ReportType;
    const doc = await buildReportDocument(
      deps.database,
      { tenantId: report.tenant_id, visible: await visibleFor(deps.database, report), now },
      type,
      filtersOf(report.filters),
    );
    const brand = await tenantBrand(deps.database, report.tenant_id);
    const file = await renderReport(doc, report.format as ReportFormatValue, brand);
    const range = headerLines(doc).range;
    const sent = await deps.mailer.send({
      tenantId: report.tenant_id,
      to: report.recipients.join(', '),
      subject: `${report.name} — ${doc.title}`,
      text: withFooter(
        [
          `${doc.title} for ${doc.tenantName}${range ? `, ${range}` : ''}.`,
          '',
          `The report is attached as ${file.fileName}.`,
          `This is the scheduled report "${report.name}".`,
        ].join('\n'),
        brand.footerText,
      ),
      attachments: [{ filename: file.fileName, content: file.body, contentType: file.contentType }],
      type: 'reports',
    });
    d = {
      outcome: sent.error ? 'Failed' : 'Sent',
      error: sent.error,
      sizeBytes: file.body.length,
      fileName: file.fileName,
    };
  } catch (err) {
    d = {
      outcome: 'Failed',
      error: err instanceof Error ? err.message : String(err),
      sizeBytes: null,
      fileName: null,
    };
  }
  await deps.database.query(
    'UPDATE scheduled_report_runs SET outcome = $2, error = $3, size_bytes = $4 WHERE id = $1',
    [runId, d.outcome, d.error, d.sizeBytes],
  );
  if (d.outcome === 'Failed') await noticeFailure(deps, report, d.error);
  return d;
}

/** Tells the tenant's alert recipients that a report did not go out, when they asked for it. */
async function noticeFailure(
  deps: Pick<Deps, 'database' | 'mailer'>,
  report: ReportRow,
  error: string | null,
): Promise<void> {
  const r = await deps.database.query<{ settings: unknown }>(
    'SELECT settings FROM email_alert_settings WHERE tenant_id = $1',
    [report.tenant_id],
  );
  const alerts = EmailAlertSettings.safeParse(r.rows[0]?.settings ?? {});
  if (!alerts.success || !alerts.data.ScheduledReportFailed || !alerts.data.Recipients.length) return;
  await deps.mailer.send({
    tenantId: report.tenant_id,
    to: alerts.data.Recipients.join(', '),
    subject: `Scheduled report failed: ${report.name}`,
    type: 'alerts',
    text: withFooter(
      `The scheduled report "${report.name}" could not be sent to ${report.recipients.join(', ')}.\n\n${error ?? 'Unknown error.'}`,
      await tenantFooterText(deps.database, report.tenant_id),
    ),
  });
}
