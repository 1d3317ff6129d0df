import type { Database } from '../../db/client.ts';
import type { StoredAnnotation } from '../../db/schema/alerts.ts';
import { matchesRules, type RuleSubject } from '../../matching/rules.ts';
import { loadCompanyRules } from '../companies/assign.ts';
import { addEvent, queueAction } from '../ticketing/engine/store.ts';

/**
 * What follows an alert e-mail's analysis: its company (company rules and client-id mappings,
 * like backups), and a ticket when it is Negative at or above the tenant's threshold.
 */

interface AlertFacts {
  id: number;
  tenant_id: number;
  subject: string;
  from_address: string;
  to_address: string;
  company_id: number | null;
  ticket_id: number | null;
  assessment: number | null;
  assessment_confidence: number | null;
  annotations: StoredAnnotation[] | null;
  ticket_threshold: number | null;
}

const NEGATIVE = 1;
const FAILURE_STATUS = 3;

function entity(annotations: StoredAnnotation[], label: string): string {
  return annotations.find((a) => a.label.toLowerCase() === label.toLowerCase())?.value ?? '';
}

/** The plus tag of the alert address the e-mail was sent to (`<slug>-alerts+acme@…`). */
function plusTag(to: string): string | null {
  const m = /[^\s,<@]+-alerts\+([^@\s,>]+)@/i.exec(to);
  return m ? m[1].toLowerCase() : null;
}

async function matchCompany(
  database: Database,
  a: AlertFacts,
  annotations: StoredAnnotation[],
): Promise<number | null> {
  const tag = plusTag(a.to_address);
  const subject: RuleSubject = {
    backupType: 'Alert',
    senderAddress: a.from_address,
    jobName: entity(annotations, 'Job') || a.subject,
    deviceName: entity(annotations, 'Device'),
    method: 'Email',
    vendor: entity(annotations, 'Vendor'),
    vendorClientId: entity(annotations, 'Company') || null,
    clientTag: tag,
  };
  const clientIds = [subject.vendorClientId, tag].filter((x): x is string => !!x).map((x) => x.toLowerCase());
  if (clientIds.length) {
    const { rows } = await database.query<{ company_id: number }>(
      `SELECT company_id FROM client_mappings WHERE tenant_id = $1 AND company_id IS NOT NULL
         AND lower(client_id) = ANY($2::text[])
       UNION SELECT id FROM companies WHERE tenant_id = $1 AND lower(name) = ANY($2::text[])`,
      [a.tenant_id, clientIds],
    );
    const ids = [...new Set(rows.map((r) => r.company_id))];
    if (ids.length === 1) return ids[0];
  }
  const rules = await database.transaction((q) => loadCompanyRules(q, a.tenant_id));
  const hits = rules.filter((r) => matchesRules(subject, r.rules));
  return hits.length === 1 ? hits[0].companyId : null;
}

async function raiseTicket(database: Database, a: AlertFacts): Promise<number | null> {
  return database.transaction(async (q) => {
    const p = await q<{ id: number; type: number; group_by: number }>(
      'SELECT id, type, group_by FROM ticket_profiles WHERE tenant_id = $1 ORDER BY id LIMIT 1',
      [a.tenant_id],
    );
    const profile = p.rows[0];
    if (!profile) return null;
    const subject = `Alert: ${a.subject}`.slice(0, 1000);
    const text = `Alert Radar assessed this alert e-mail as Negative (${Math.floor(
      (a.assessment_confidence ?? 0) * 100,
    )} %).\nFrom: ${a.from_address}\nSubject: ${a.subject}`;
    const ins = await q<{ id: number }>(
      `INSERT INTO tickets (tenant_id, profile_id, kind, group_by, group_key, group_label, subject, description, status,
                            state, manual)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'Pending', false)
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        a.tenant_id,
        profile.id,
        profile.type,
        profile.group_by,
        `alert:${a.id}`,
        a.subject.slice(0, 500),
        subject,
        text,
        FAILURE_STATUS,
      ],
    );
    const id = ins.rows[0]?.id;
    if (!id) return null;
    await addEvent(q, a.tenant_id, id, 'created', 'Raised by Alert Radar', null);
    await queueAction(q, a.tenant_id, id, 'create', 'create', { subject, text, event: 'ticket.opened', backupIds: [] });
    await q('UPDATE alert_emails SET ticket_id = $2 WHERE id = $1', [a.id, id]);
    return id;
  });
}

/** Runs after each analysis; never undoes the analysis when it fails. */
export async function afterAnalysis(database: Database, alertEmailId: number): Promise<void> {
  const { rows } = await database.query<AlertFacts>(
    `SELECT a.id, a.tenant_id, a.subject, a.from_address, a.to_address, a.company_id, a.ticket_id,
            v.assessment, v.assessment_confidence, v.annotations, m.ticket_threshold
       FROM alert_emails a
       LEFT JOIN alert_mailboxes m ON m.tenant_id = a.tenant_id
       LEFT JOIN LATERAL (SELECT * FROM alert_analyses y WHERE y.alert_email_id = a.id ORDER BY y.version DESC LIMIT 1) v ON true
      WHERE a.id = $1`,
    [alertEmailId],
  );
  const a = rows[0];
  if (!a) return;
  const annotations = a.annotations ?? [];
  if (a.company_id === null) {
    const companyId = await matchCompany(database, a, annotations);
    if (companyId !== null)
      await database.query('UPDATE alert_emails SET company_id = $2 WHERE id = $1', [a.id, companyId]);
  }
  const threshold = a.ticket_threshold ?? 0.8;
  if (a.ticket_id === null && a.assessment === NEGATIVE && (a.assessment_confidence ?? 0) >= threshold)
    await raiseTicket(database, a);
}
