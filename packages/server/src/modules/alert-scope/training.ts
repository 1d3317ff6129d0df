import type { z } from 'zod';
import type { AlertEmailEdit, AlertEmailFlag, AlertTrainingData } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import type { AlertTraining } from '../../db/schema/alerts.ts';
import type { LabelledAlert } from '../../alerts/types.ts';
import { alertByUid, fromAnnotation, toAnnotation } from '../alert-radar/store.ts';

/** What people taught about alert e-mails: admins' corrections, feedback and flags (Alert Scope). */

type Edit = z.output<typeof AlertEmailEdit>;

const ASSESSMENT_NEGATIVE = 1;
const ASSESSMENT_POSITIVE = 3;
const FEEDBACK_NEGATIVE = 1;

export async function trainingData(database: Database, tenantId: number, uid: string): Promise<AlertTrainingData> {
  const row = await alertByUid(database, tenantId, uid);
  const { rows } = await database.query<{
    training: AlertTraining | null;
    edited_at: Date | string | null;
    edited_by: string | null;
  }>('SELECT training, edited_at, edited_by FROM alert_emails WHERE id = $1', [row.id]);
  const t = rows[0]?.training ?? null;
  const classification =
    t?.classification !== undefined
      ? t.classification
      : row.classification
        ? { label: row.classification.label, type: row.classification.type }
        : null;
  return {
    tenantId: row.tenant_id,
    emailUid: row.email_uid,
    Subject: row.subject,
    Body: row.body,
    Assessment: t?.assessment ?? row.assessment ?? 0,
    Classification: classification ? { Label: classification.label, Type: classification.type } : null,
    Annotations: (t?.annotations ?? row.annotations ?? []).map(toAnnotation),
    Feedback: row.feedback,
    Flags: row.flags,
    Edited: t !== null,
    EditedAt: rows[0]?.edited_at ? new Date(rows[0].edited_at).toISOString() : null,
    EditedBy: rows[0]?.edited_by ?? null,
  };
}

/** Stores an admin's corrected assessment, annotations or classification as training data. */
export async function saveEdit(database: Database, input: Edit, editedBy: string): Promise<AlertTrainingData> {
  const row = await alertByUid(database, input.tenantId, input.emailUid);
  const { rows } = await database.query<{ training: AlertTraining | null }>(
    'SELECT training FROM alert_emails WHERE id = $1',
    [row.id],
  );
  const next: AlertTraining = { ...(rows[0]?.training ?? {}) };
  if (input.Assessment !== undefined) next.assessment = input.Assessment;
  if (input.Annotations !== undefined) next.annotations = input.Annotations.map(fromAnnotation);
  if (input.Classification !== undefined)
    next.classification = input.Classification
      ? { label: input.Classification.Label, type: input.Classification.Type }
      : null;
  await database.query(
    'UPDATE alert_emails SET training = $2::jsonb, edited_at = now(), edited_by = $3 WHERE id = $1',
    [row.id, JSON.stringify(next), editedBy],
  );
  return trainingData(database, input.tenantId, input.emailUid);
}

export async function setFlags(database: Database, input: AlertEmailFlag): Promise<{ Flags: number }> {
  const row = await alertByUid(database, input.tenantId, input.emailUid);
  await database.query('UPDATE alert_emails SET flags = $2 WHERE id = $1', [row.id, input.Flags]);
  return { Flags: input.Flags };
}

/**
 * Every alert e-mail people taught something about, as labelled examples: an admin's edit wins;
 * otherwise thumbs-up confirms the latest analysis, and thumbs-down on a Positive or Negative
 * assessment teaches the opposite one (a Neutral thumbs-down teaches nothing certain).
 */
export async function taughtExamples(database: Database): Promise<LabelledAlert[]> {
  const { rows } = await database.query<{
    subject: string;
    body: string;
    feedback: number;
    training: AlertTraining | null;
    assessment: number | null;
    annotations: AlertTraining['annotations'] | null;
    classification: { label: string; type: string } | null;
  }>(
    `SELECT a.subject, a.body, a.feedback, a.training, v.assessment, v.annotations, v.classification
       FROM alert_emails a
       LEFT JOIN LATERAL (SELECT * FROM alert_analyses y WHERE y.alert_email_id = a.id ORDER BY y.version DESC LIMIT 1) v ON true
      WHERE a.training IS NOT NULL OR a.feedback <> 0`,
  );
  const out: LabelledAlert[] = [];
  for (const r of rows) {
    const t = r.training;
    let assessment = t?.assessment ?? null;
    if (assessment === null && r.assessment) {
      if (r.feedback !== FEEDBACK_NEGATIVE) assessment = r.assessment;
      else if (r.assessment === ASSESSMENT_POSITIVE) assessment = ASSESSMENT_NEGATIVE;
      else if (r.assessment === ASSESSMENT_NEGATIVE) assessment = ASSESSMENT_POSITIVE;
    }
    const annotations = t?.annotations ?? (r.feedback !== FEEDBACK_NEGATIVE ? r.annotations : null);
    const classification = t?.classification !== undefined ? t.classification : r.classification;
    out.push({
      subject: r.subject,
      body: r.body,
      ...(assessment ? { assessment: assessment as LabelledAlert['assessment'] } : {}),
      ...(classification ? { classification: { type: classification.type, label: classification.label } } : {}),
      ...(annotations
        ? {
            annotations: annotations.map((a) => ({
              start: a.start,
              end: a.end,
              value: a.value,
              label: a.label,
              nerType: a.nerType as 0 | 1,
              source: a.source as 0 | 1,
            })),
          }
        : {}),
    });
  }
  return out;
}
