import type { AuditAction, AuditResult, AuditResultDetail } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import type { RollupWriter } from '../../rollup/rollup.ts';
import type { BlobStore } from '../../platform/blobs.ts';
import { readMail } from '../../parser/mime.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { vendorNames } from '../ingest/emails-service.ts';
import {
  FUTURE_DATE,
  NO_COMPANY,
  ownBackups,
  RESULT_SELECT,
  toAuditResult,
  userNameSql,
  type ResultDbRow,
} from './common.ts';
import { requireVisible, type Scope } from './scope.ts';

export type AuditActionKind = AuditAction['Kind'];

/** A manual time may run ahead of the server's clock by this much (a client's clock drift). */
const CLOCK_SKEW_MS = 5 * 60_000;

function notAhead(at: Date, now: Date): Date {
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw badRequest(FUTURE_DATE, 'ParsedDateTime');
  return at;
}

interface ActionDbRow {
  id: string | number;
  backup_id: number;
  day: string;
  kind: AuditActionKind;
  notes: string | null;
  user_name: string | null;
  created_at: Date | string;
}

const toAction = (a: ActionDbRow): AuditAction => ({
  Id: Number(a.id),
  PolicyId: a.backup_id,
  Date: a.day,
  Kind: a.kind,
  Notes: a.notes,
  UserName: a.user_name,
  CreatedAt: new Date(a.created_at).toISOString(),
});

const ACTION_SELECT = `
  SELECT a.id, a.backup_id, a.day::text AS day, a.kind, a.notes, ${userNameSql('u')} AS user_name, a.created_at
    FROM audit_actions a LEFT JOIN users u ON u.id = a.user_id`;

/**
 * Results as Audit works with them: read one day's, view one with its e-mail, add manual ones,
 * edit and delete; and the verify / remediate / restore marks. Every change re-rolls the
 * backups concerned from the earliest time it touched before it answers, so the audit view
 * shows it at once. Every backup and result is resolved through the caller's `Scope`: one
 * outside the caller's companies is not there (404) and is left unchanged.
 */
export class AuditResultsService {
  constructor(
    private readonly database: Database,
    private readonly rollup: RollupWriter,
    private readonly blobs: BlobStore,
  ) {}

  /** A backup's results of one business day, newest first; 404 unless the caller may see it. */
  async ofDay(scope: Scope, backupId: number, day: string, newestFirst = true): Promise<AuditResult[]> {
    await requireVisible(this.database, scope, 'backup', [backupId]);
    const { tenantId } = scope;
    const r = await this.database.query<ResultDbRow>(
      `${RESULT_SELECT}
        WHERE r.tenant_id = $1 AND r.backup_id = $2 AND r.business_day = $3::date
        ORDER BY r.filed_at ${newestFirst ? 'DESC' : 'ASC'}, r.id ${newestFirst ? 'DESC' : 'ASC'}`,
      [tenantId, backupId, day],
    );
    return r.rows.map(toAuditResult);
  }

  private async one(scope: Scope, id: number): Promise<ResultDbRow> {
    await requireVisible(this.database, scope, 'result', [id]);
    const r = await this.database.query<ResultDbRow>(`${RESULT_SELECT} WHERE r.tenant_id = $1 AND r.id = $2`, [
      scope.tenantId,
      id,
    ]);
    if (!r.rows[0]) throw notFound();
    return r.rows[0];
  }

  async get(scope: Scope, id: number): Promise<AuditResult> {
    return toAuditResult(await this.one(scope, id));
  }

  /** One result with its backup and, when it came by e-mail, the e-mail's text and HTML. */
  async detail(scope: Scope, id: number): Promise<AuditResultDetail> {
    const row = await this.one(scope, id);
    const { tenantId } = scope;
    const b = await this.database.query<{
      vendor: string;
      device_name: string;
      job_name: string;
      company_name: string | null;
    }>(
      `SELECT b.vendor, b.device_name, b.job_name, c.name AS company_name
         FROM backups b LEFT JOIN companies c ON c.id = b.company_id WHERE b.id = $1 AND b.tenant_id = $2`,
      [row.backup_id, tenantId],
    );
    const backup = b.rows[0];
    let text: string | null = null;
    let html: string | null = null;
    if (row.blob_key) {
      // A blob that cannot be read (storage moved, pruned) leaves the result viewable without it.
      const mail = await this.blobs
        .get(row.blob_key)
        .then((raw) => readMail(raw))
        .catch(() => null);
      text = mail?.text ?? null;
      html = mail?.html ?? null;
    }
    return {
      ...toAuditResult(row),
      VendorName: vendorNames.get(backup.vendor) ?? backup.vendor,
      DeviceName: backup.device_name,
      JobName: backup.job_name,
      CompanyName: backup.company_name ?? NO_COMPANY,
      EmailText: text,
      EmailHtml: html,
      ReceivedAt: row.received_at === null ? null : new Date(row.received_at).toISOString(),
    };
  }

  /** Adds a result by hand to an active backup of the tenant. */
  async add(
    scope: Scope,
    userId: number,
    input: { PolicyId: number; Status: 1 | 2 | 3; ParsedDateTime: string; Notes?: string },
    now = new Date(),
  ): Promise<AuditResult> {
    await requireVisible(this.database, scope, 'backup', [input.PolicyId]);
    const { tenantId } = scope;
    const [backup] = await ownBackups(this.database, tenantId, [input.PolicyId]);
    if (!backup) throw notFound();
    if (backup.state !== 'Active') throw badRequest('Results can be added to active backups only.', 'PolicyId');
    const at = notAhead(new Date(input.ParsedDateTime), now);
    const r = await this.database.query<{ id: string | number }>(
      `INSERT INTO results (tenant_id, backup_id, email_id, ordinal, status, start_time, filed_at, result_kind, source,
                            notes, created_by)
       VALUES ($1, $2, NULL, 0, $3, $4, $4, $5, 'manual', $6, $7) RETURNING id`,
      [
        tenantId,
        input.PolicyId,
        input.Status,
        at,
        backup.backup_type === 'Alert' ? 'System Alert' : 'Primary Backup',
        input.Notes || null,
        userId,
      ],
    );
    await this.rollup.rerollSince([{ backupId: input.PolicyId, since: at }], now);
    return this.get(scope, Number(r.rows[0].id));
  }

  /** Changes a result's status, time or notes; the days of both the old and the new time are re-rolled. */
  async edit(
    scope: Scope,
    userId: number,
    input: { ResultID: number; Status: 1 | 2 | 3; ParsedDateTime: string; Notes?: string | null },
    now = new Date(),
  ): Promise<AuditResult> {
    await requireVisible(this.database, scope, 'result', [input.ResultID]);
    const { tenantId } = scope;
    const at = notAhead(new Date(input.ParsedDateTime), now);
    const old = await this.database.query<{ backup_id: number; filed_at: Date | string }>(
      `UPDATE results r SET status = $3, filed_at = $4, parsed_status = COALESCE(r.parsed_status, o.status),
              start_time = CASE WHEN r.source = 'manual' THEN $4 ELSE r.start_time END,
              notes = CASE WHEN $5::boolean THEN $6 ELSE r.notes END,
              edited_at = now(), edited_by = $7
         FROM results o
        WHERE r.id = o.id AND r.tenant_id = $1 AND r.id = $2
        RETURNING r.backup_id, o.filed_at`,
      [tenantId, input.ResultID, input.Status, at, input.Notes !== undefined, input.Notes || null, userId],
    );
    const row = old.rows[0];
    if (!row) throw notFound();
    const before = new Date(row.filed_at);
    await this.rollup.rerollSince([{ backupId: row.backup_id, since: before < at ? before : at }], now);
    return this.get(scope, input.ResultID);
  }

  /**
   * Deletes results: manual ones go for good; e-mailed ones too, while their e-mail stays and
   * can be reprocessed to read them again. The caller must see all of them, or nothing is deleted.
   */
  async remove(scope: Scope, ids: number[], now = new Date()): Promise<number> {
    const unique = [...new Set(ids)];
    const { tenantId } = scope;
    const gone = await this.database.transaction(async (q) => {
      await requireVisible(q, scope, 'result', unique);
      const mine = await q<{ id: string }>(
        'SELECT id FROM results WHERE tenant_id = $1 AND id = ANY($2::bigint[]) FOR UPDATE',
        [tenantId, unique],
      );
      if (mine.rows.length !== unique.length) throw notFound();
      const r = await q<{ backup_id: number; filed_at: Date | string }>(
        'DELETE FROM results WHERE tenant_id = $1 AND id = ANY($2::bigint[]) RETURNING backup_id, filed_at',
        [tenantId, unique],
      );
      return r.rows;
    });
    const since = new Map<number, Date>();
    for (const g of gone) {
      const at = new Date(g.filed_at);
      const cur = since.get(g.backup_id);
      if (!cur || at < cur) since.set(g.backup_id, at);
    }
    await this.rollup.rerollSince(
      [...since].map(([backupId, at]) => ({ backupId, since: at })),
      now,
    );
    return gone.length;
  }

  /** The time of one result (the add/edit windows pre-fill it). */
  async parsedDateTime(scope: Scope, id: number): Promise<string> {
    await requireVisible(this.database, scope, 'result', [id]);
    const { tenantId } = scope;
    const r = await this.database.query<{ filed_at: Date | string }>(
      'SELECT filed_at FROM results WHERE tenant_id = $1 AND id = $2',
      [tenantId, id],
    );
    if (!r.rows[0]) throw notFound();
    return new Date(r.rows[0].filed_at).toISOString();
  }

  /** Marks one day of each backup verified, remediated or restored (once per kind; notes replace). */
  async mark(
    scope: Scope,
    userId: number,
    kind: AuditActionKind,
    input: { PolicyIds: number[]; Date: string; Notes?: string },
  ): Promise<AuditAction[]> {
    const ids = [...new Set(input.PolicyIds)];
    const { tenantId } = scope;
    const ids2 = await this.database.transaction(async (q) => {
      await requireVisible(q, scope, 'backup', ids);
      const r = await q<{ id: string }>(
        `INSERT INTO audit_actions (tenant_id, backup_id, day, kind, notes, user_id)
         SELECT $1, x.id, $3::date, $4, $5, $6 FROM unnest($2::int[]) AS x(id)
         ON CONFLICT (backup_id, day, kind) DO UPDATE
           SET notes = EXCLUDED.notes, user_id = EXCLUDED.user_id, created_at = now()
         RETURNING id`,
        [tenantId, ids, input.Date, kind, input.Notes || null, userId],
      );
      return r.rows.map((x) => x.id);
    });
    const r = await this.database.query<ActionDbRow>(
      `${ACTION_SELECT} WHERE a.tenant_id = $1 AND a.id = ANY($2::bigint[]) ORDER BY a.backup_id`,
      [tenantId, ids2],
    );
    return r.rows.map(toAction);
  }

  /** Takes a mark off one day of each backup. */
  async unmark(scope: Scope, kind: AuditActionKind, input: { PolicyIds: number[]; Date: string }): Promise<number> {
    const ids = [...new Set(input.PolicyIds)];
    const { tenantId } = scope;
    return this.database.transaction(async (q) => {
      await requireVisible(q, scope, 'backup', ids);
      const r = await q(
        `DELETE FROM audit_actions WHERE tenant_id = $1 AND backup_id = ANY($2::int[]) AND day = $3::date AND kind = $4
         RETURNING id`,
        [tenantId, ids, input.Date, kind],
      );
      return r.rows.length;
    });
  }

  /** Every mark of a backup's day. */
  async marks(scope: Scope, backupId: number, day: string): Promise<AuditAction[]> {
    await requireVisible(this.database, scope, 'backup', [backupId]);
    const { tenantId } = scope;
    const r = await this.database.query<ActionDbRow>(
      `${ACTION_SELECT} WHERE a.tenant_id = $1 AND a.backup_id = $2 AND a.day = $3::date ORDER BY a.kind`,
      [tenantId, backupId, day],
    );
    return r.rows.map(toAction);
  }
}
