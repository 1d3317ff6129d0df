import {
  ApiKeyMessages,
  DayStatusName,
  type Paged,
  type PublicBackup,
  type PublicBackupsQuery,
  type PublicCompaniesQuery,
  type PublicCompany,
  type PublicHistoryDay,
  type PublicHistoryQuery,
  type PublicResult,
  type PublicResultsQuery,
} from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { addDays } from '../../status/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { likeTerm, tenantClock } from '../audit/common.ts';
import {
  BACKUP_SELECT,
  type BackupDbRow,
  DEFAULT_HISTORY_DAYS,
  DEFAULT_RESULT_DAYS,
  bind,
  page,
  toBackup,
} from './public-backup-rows.ts';
import { type ResultDbRow, instant, toResult } from './public-result-rows.ts';

/**
 * The public REST API's reads. Everything is the key's tenant's, whole: company restrictions of
 * users do not apply to a key. Lists are stable under paging (ordered by id, or by time then id).
 */

export class PublicApiService {
  constructor(private readonly database: Database) {}

  private async count(sql: string, params: unknown[]): Promise<number> {
    const r = await this.database.query<{ n: string | number }>(`SELECT count(*) AS n FROM (${sql}) x`, params);
    return Number(r.rows[0].n);
  }

  /** A backup id given as a filter must be the tenant's: another tenant's is as absent as an unknown one. */
  private async ownBackup(tenantId: number, id: number): Promise<void> {
    const r = await this.database.query('SELECT 1 FROM backups WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
    if (!r.rows.length) throw notFound();
  }

  async companies(tenantId: number, q: PublicCompaniesQuery): Promise<Paged<PublicCompany>> {
    const params: unknown[] = [tenantId];
    let where = 'c.tenant_id = $1';
    if (q.Name?.trim()) where += ` AND c.name ILIKE ${bind(params, likeTerm(q.Name))}`;
    const base = `SELECT c.id FROM companies c WHERE ${where}`;
    const total = await this.count(base, params);
    const r = await this.database.query<{ id: number; name: string; type: number; active: string | number }>(
      `SELECT c.id, c.name, c.type,
              (SELECT count(*) FROM backups b WHERE b.company_id = c.id AND b.state = 'Active') AS active
         FROM companies c WHERE ${where}
        ORDER BY c.id LIMIT ${bind(params, q.Size)} OFFSET ${bind(params, (q.Page - 1) * q.Size)}`,
      params,
    );
    const rows = r.rows.map((c): PublicCompany => ({
      CompanyId: c.id,
      Name: c.name,
      Type: c.type === 0 ? 0 : 1,
      TypeName: c.type === 0 ? 'Psa' : 'Local',
      ActiveBackups: Number(c.active),
    }));
    return page(rows, total, q);
  }

  async backups(tenantId: number, q: PublicBackupsQuery): Promise<Paged<PublicBackup>> {
    const params: unknown[] = [tenantId];
    let where = 'b.tenant_id = $1';
    if (q.CompanyId !== undefined) where += ` AND b.company_id = ${bind(params, q.CompanyId)}`;
    if (q.Active === true) where += ` AND b.state = 'Active'`;
    if (q.Active === false) where += ` AND b.state <> 'Active'`;
    if (q.Status !== undefined) {
      // Backups that are not audited have no day status: they match "Not Scheduled" (0) only.
      where += ` AND (CASE WHEN b.state = 'Active' THEN b.current_status ELSE 0 END) = ${bind(params, q.Status)}`;
    }
    const total = await this.count(`SELECT b.id FROM backups b WHERE ${where}`, params);
    const r = await this.database.query<BackupDbRow>(
      `${BACKUP_SELECT} WHERE ${where} ORDER BY b.id LIMIT ${bind(params, q.Size)} OFFSET ${bind(params, (q.Page - 1) * q.Size)}`,
      params,
    );
    return page(r.rows.map(toBackup), total, q);
  }

  async backup(tenantId: number, id: number): Promise<PublicBackup> {
    const r = await this.database.query<BackupDbRow>(`${BACKUP_SELECT} WHERE b.tenant_id = $1 AND b.id = $2`, [
      tenantId,
      id,
    ]);
    if (!r.rows[0]) throw notFound();
    return toBackup(r.rows[0]);
  }

  async results(tenantId: number, q: PublicResultsQuery, now = new Date()): Promise<Paged<PublicResult>> {
    const to = q.To ? instant(q.To, true) : now;
    const from = q.From ? instant(q.From, false) : new Date(to.getTime() - DEFAULT_RESULT_DAYS * 86_400_000);
    if (from >= to) throw badRequest(ApiKeyMessages.instantOrder, 'From');
    if (q.BackupId !== undefined) await this.ownBackup(tenantId, q.BackupId);
    const params: unknown[] = [tenantId, from.toISOString(), to.toISOString()];
    let where = 'r.tenant_id = $1 AND r.filed_at >= $2 AND r.filed_at < $3';
    if (q.BackupId !== undefined) where += ` AND r.backup_id = ${bind(params, q.BackupId)}`;
    const total = await this.count(`SELECT r.id FROM results r WHERE ${where}`, params);
    const r = await this.database.query<ResultDbRow>(
      `SELECT r.id, r.backup_id, r.status, r.filed_at, r.start_time, r.end_time, r.business_day::text AS business_day,
              r.size_bytes, r.duration_seconds, r.failure_text, r.source, r.notes
         FROM results r WHERE ${where}
        ORDER BY r.filed_at, r.id LIMIT ${bind(params, q.Size)} OFFSET ${bind(params, (q.Page - 1) * q.Size)}`,
      params,
    );
    return page(r.rows.map(toResult), total, q);
  }

  async history(tenantId: number, q: PublicHistoryQuery): Promise<Paged<PublicHistoryDay>> {
    const { today } = await tenantClock(this.database, tenantId);
    const to = q.To ?? today;
    const from = q.From ?? addDays(to, -(DEFAULT_HISTORY_DAYS - 1));
    if (from > to) throw badRequest(ApiKeyMessages.dayOrder, 'From');
    if (q.BackupId !== undefined) await this.ownBackup(tenantId, q.BackupId);
    const params: unknown[] = [tenantId, from, to];
    let where = 'd.tenant_id = $1 AND d.day >= $2::date AND d.day <= $3::date';
    if (q.BackupId !== undefined) where += ` AND d.backup_id = ${bind(params, q.BackupId)}`;
    const total = await this.count(`SELECT 1 FROM backup_days d WHERE ${where}`, params);
    const r = await this.database.query<{
      backup_id: number;
      day: string;
      status: number;
      is_scheduled: boolean;
      count_success: number;
      count_warning: number;
      count_failure: number;
    }>(
      `SELECT d.backup_id, d.day::text AS day, d.status, d.is_scheduled, d.count_success, d.count_warning, d.count_failure
         FROM backup_days d WHERE ${where}
        ORDER BY d.backup_id, d.day LIMIT ${bind(params, q.Size)} OFFSET ${bind(params, (q.Page - 1) * q.Size)}`,
      params,
    );
    const rows = r.rows.map((d): PublicHistoryDay => ({
      BackupId: d.backup_id,
      Date: d.day,
      Status: d.status,
      StatusName: DayStatusName[d.status] ?? String(d.status),
      IsScheduled: d.is_scheduled,
      CountSuccess: d.count_success,
      CountWarning: d.count_warning,
      CountFailure: d.count_failure,
    }));
    return page(rows, total, q);
  }
}
