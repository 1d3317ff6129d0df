import type {
  AlertAnalysisVersion,
  AlertAnnotation,
  AlertClassification,
  AlertEmail,
  AlertEmailRow,
} from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import type { StoredAnnotation } from '../../db/schema/alerts.ts';
import { notFound } from '../../platform/errors.ts';
import { isoOrNull } from '../../platform/dates.ts';

/** Reading alert e-mails and their analysis versions, shared by Alert Radar and Alert Scope. */

export interface AlertEmailDbRow {
  id: number | string;
  tenant_id: number;
  email_uid: string;
  subject: string;
  body: string;
  from_address: string;
  to_address: string;
  received_at: Date | string;
  flags: number;
  feedback: number;
  company_id: number | null;
  company_name: string | null;
  ticket_id: number | null;
  blob_key: string;
  tenant_name: string;
  assessment: number | null;
  assessment_confidence: number | null;
  annotations: StoredAnnotation[] | null;
  classification: { label: string; type: string; confidence: number } | null;
  parser_version: string | null;
  parsed_at: Date | string | null;
  versions_count: number | string;
  reparse_pending: boolean;
}

/** The e-mail with its latest analysis, version count and whether a reanalysis is pending. */
export const ALERT_SELECT = `SELECT a.id, a.tenant_id, a.email_uid, a.subject, a.body, a.from_address, a.to_address,
    a.received_at, a.flags, a.feedback, a.company_id, c.name AS company_name, a.ticket_id, a.blob_key,
    t.name AS tenant_name, v.assessment, v.assessment_confidence, v.annotations, v.classification,
    v.parser_version, v.parsed_at,
    (SELECT count(*) FROM alert_analyses x WHERE x.alert_email_id = a.id) AS versions_count,
    EXISTS (SELECT 1 FROM alert_reparse_runs r WHERE r.alert_email_id = a.id
      AND r.runtime_status <> 'Completed' AND r.updated_at > now() - interval '10 minutes') AS reparse_pending
  FROM alert_emails a
  JOIN tenants t ON t.id = a.tenant_id
  LEFT JOIN companies c ON c.id = a.company_id
  LEFT JOIN LATERAL (SELECT * FROM alert_analyses y WHERE y.alert_email_id = a.id ORDER BY y.version DESC LIMIT 1) v ON true`;

export function toAnnotation(a: StoredAnnotation): AlertAnnotation {
  return {
    Id: a.id,
    Start: a.start,
    End: a.end,
    Value: a.value,
    Label: a.label,
    NerType: a.nerType,
    Source: a.source,
    Score: a.score,
  };
}

export function fromAnnotation(a: Omit<AlertAnnotation, 'Id'> & { Id?: string }, i: number): StoredAnnotation {
  return {
    id: a.Id ?? `a${i + 1}`,
    start: a.Start,
    end: a.End,
    value: a.Value,
    label: a.Label,
    nerType: a.NerType,
    source: a.Source,
    score: a.Score,
  };
}

export function toClassification(c: AlertEmailDbRow['classification']): AlertClassification | null {
  return c ? { Label: c.label, Type: c.type, Confidence: c.confidence ?? 0 } : null;
}

const SUMMARY_LENGTH = 200;

export function toRow(r: AlertEmailDbRow): AlertEmailRow {
  const annotations = r.annotations ?? [];
  return {
    Id: Number(r.id),
    EmailUid: r.email_uid,
    TenantId: r.tenant_id,
    Subject: r.subject,
    Summary: r.body.replace(/\s+/g, ' ').trim().slice(0, SUMMARY_LENGTH),
    EmailFrom: r.from_address,
    EmailTo: r.to_address,
    ReceivedAt: isoOrNull(r.received_at)!,
    Flags: r.flags,
    Feedback: r.feedback,
    Assessment: r.assessment ?? 0,
    AssessmentConfidence: r.assessment_confidence ?? 0,
    ParserVersion: r.parser_version,
    ParsedAt: isoOrNull(r.parsed_at),
    VersionsCount: Number(r.versions_count),
    Classification: toClassification(r.classification),
    Labels: [...new Set(annotations.map((a) => a.label))],
    CompanyId: r.company_id,
    CompanyName: r.company_name,
  };
}

export function toEmail(r: AlertEmailDbRow): AlertEmail {
  return {
    EmailUid: r.email_uid,
    Id: Number(r.id),
    TenantId: r.tenant_id,
    Flags: r.flags,
    Feedback: r.feedback,
    ParserVersion: r.parser_version,
    ParsedAt: isoOrNull(r.parsed_at),
    VersionsCount: Number(r.versions_count),
    Subject: r.subject,
    Body: r.body,
    EmailFrom: r.from_address,
    EmailTo: r.to_address,
    ReceivedAt: isoOrNull(r.received_at)!,
    CanReparse: !r.reparse_pending,
    Assessment: r.assessment ?? 0,
    AssessmentConfidence: r.assessment_confidence ?? 0,
    Annotations: (r.annotations ?? []).map(toAnnotation),
    Classification: toClassification(r.classification),
    CompanyId: r.company_id,
    CompanyName: r.company_name,
    TicketId: r.ticket_id,
  };
}

/** One alert e-mail of a tenant by id; 404 when it is not the tenant's. */
export async function alertById(database: Database, tenantId: number, id: number): Promise<AlertEmailDbRow> {
  const { rows } = await database.query<AlertEmailDbRow>(`${ALERT_SELECT} WHERE a.tenant_id = $1 AND a.id = $2`, [
    tenantId,
    id,
  ]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** One alert e-mail by tenant and uid (Alert Scope). */
export async function alertByUid(database: Database, tenantId: number, uid: string): Promise<AlertEmailDbRow> {
  const { rows } = await database.query<AlertEmailDbRow>(
    `${ALERT_SELECT} WHERE a.tenant_id = $1 AND a.email_uid = $2::uuid`,
    [tenantId, uid],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

interface VersionRow {
  id: number;
  version: number;
  assessment: number;
  assessment_confidence: number;
  annotations: StoredAnnotation[];
  classification: AlertEmailDbRow['classification'];
  parser_version: string;
  parsed_at: Date | string;
}

export function toVersion(v: VersionRow): AlertAnalysisVersion {
  return {
    Id: v.id,
    Version: v.version,
    Assessment: v.assessment,
    AssessmentConfidence: v.assessment_confidence,
    ParsedAt: isoOrNull(v.parsed_at)!,
    ParserVersion: v.parser_version,
    Annotations: (v.annotations ?? []).map(toAnnotation),
    Classification: toClassification(v.classification),
  };
}

/** Every analysis version of an alert e-mail, newest first. */
export async function versionsOf(database: Database, alertEmailId: number): Promise<AlertAnalysisVersion[]> {
  const { rows } = await database.query<VersionRow>(
    'SELECT * FROM alert_analyses WHERE alert_email_id = $1 ORDER BY version DESC',
    [alertEmailId],
  );
  return rows.map(toVersion);
}

export async function versionById(database: Database, id: number): Promise<AlertAnalysisVersion | null> {
  const { rows } = await database.query<VersionRow>('SELECT * FROM alert_analyses WHERE id = $1', [id]);
  return rows[0] ? toVersion(rows[0]) : null;
}
