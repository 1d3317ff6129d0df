// The Audit grid as a file (GET /api/policy/audit/file): the grid's filters, order and visible
// columns, every matching row (not one page), rendered by the report renderers.
import {
  AuditBackupsQuery,
  type AuditBackupRow,
  type ReportCell,
  type ReportColumn,
  type ReportDocument,
} from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { listAuditBackups } from './audit-service.ts';
import { notInFuture, tenantClock } from './common.ts';

/** Rows in one file at most; a larger grid is cut there (the file says so in its header). */
export const AUDIT_FILE_MAX_ROWS = 50_000;
const PAGE = 1000;

interface ExportColumn {
  column: ReportColumn;
  value: (row: AuditBackupRow) => ReportCell;
}

/** The grid's column ids (web audit feature) and how each one reads in a file. */
const COLUMNS: Record<string, ExportColumn> = {
  company: { column: { key: 'company', label: 'Company', type: 'text' }, value: (r) => r.CompanyName },
  job: { column: { key: 'job', label: 'Backup', type: 'text' }, value: (r) => r.JobName },
  device: { column: { key: 'device', label: 'Device', type: 'text' }, value: (r) => r.DeviceName },
  status: { column: { key: 'status', label: 'Status', type: 'status' }, value: (r) => r.Status },
  daysInStatus: {
    column: { key: 'daysInStatus', label: 'Days in status', type: 'number' },
    value: (r) => r.DaysInStatus,
  },
  lastSuccess: { column: { key: 'lastSuccess', label: 'Last success', type: 'datetime' }, value: (r) => r.LastSuccess },
  vendor: { column: { key: 'vendor', label: 'Vendor', type: 'text' }, value: (r) => r.VendorName },
  tags: { column: { key: 'tags', label: 'Tags', type: 'text' }, value: (r) => r.Tags.join(', ') },
  tickets: { column: { key: 'tickets', label: 'Tickets', type: 'number' }, value: (r) => r.TicketsCount },
  clientId: { column: { key: 'clientId', label: 'Client id', type: 'text' }, value: (r) => r.ClientId },
  schedule: { column: { key: 'schedule', label: 'Schedule', type: 'text' }, value: (r) => r.ScheduleName },
  method: {
    column: { key: 'method', label: 'Method', type: 'text' },
    value: (r) => (r.Method === 'Api' ? 'API' : 'E-mail'),
  },
  daysWithoutSuccess: {
    column: { key: 'daysWithoutSuccess', label: 'Days without success', type: 'number' },
    value: (r) => r.DaysWithoutSuccess,
  },
};
/** The grid's columns shown by default, in its order (history bars and the row menu have no cell value). */
export const DEFAULT_AUDIT_FILE_COLUMNS = [
  'company',
  'job',
  'device',
  'status',
  'daysInStatus',
  'lastSuccess',
  'vendor',
  'tags',
  'tickets',
];
const NOT_IN_FILE = new Set(['history', 'actions', 'select']);

/** The grid's filter model from its JSON string; `filterScheduled` (features §7) is read as FilterScheduled. */
export function parseAuditFilter(text: string | undefined): AuditBackupsQuery {
  let raw: unknown = {};
  if (text?.trim()) {
    try {
      raw = JSON.parse(text);
    } catch {
      throw badRequest('The filter is not valid JSON.', 'filter');
    }
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw badRequest('The filter must be an object.', 'filter');
  const { filterScheduled, ...rest } = raw as Record<string, unknown>;
  const parsed = AuditBackupsQuery.safeParse({
    ...rest,
    ...(typeof filterScheduled === 'boolean' && rest.FilterScheduled === undefined
      ? { FilterScheduled: filterScheduled }
      : {}),
    Page: 1,
    Size: PAGE,
  });
  if (!parsed.success) throw badRequest('The filter is not valid.', 'filter');
  return parsed.data;
}

/** A tenant's extra backup field as a file column. */
export interface ExtraField {
  id: number;
  name: string;
  type: string;
}

/** The grid's column id of an extra backup field (web audit feature): `field:<id>`. */
const FIELD_COLUMN = /^field:(\d+)$/;

/** An extra field's column: numbers stay numbers, dates are dates, the rest is text. */
function fieldColumn(field: ExtraField): ExportColumn {
  const key = `field:${field.id}`;
  const type = field.type === 'number' ? 'number' : field.type === 'date' ? 'date' : 'text';
  return {
    column: { key, label: field.name, type },
    value: (r) => {
      const v = r.AdditionalFields[String(field.id)];
      if (v === undefined || v === '') return null;
      return type === 'number' && Number.isFinite(Number(v)) ? Number(v) : v;
    },
  };
}

/** The columns asked for (the grid's ids, `field:<id>` for the tenant's extra fields), else the default ones. */
export function exportColumns(text: string | undefined, fields: readonly ExtraField[] = []): ExportColumn[] {
  const ids = text?.trim()
    ? text
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s && !NOT_IN_FILE.has(s))
    : DEFAULT_AUDIT_FILE_COLUMNS;
  const byId = new Map(fields.map((f) => [String(f.id), f]));
  const columnOf = (id: string): ExportColumn | undefined => {
    const field = FIELD_COLUMN.exec(id);
    if (field) {
      const f = byId.get(field[1]);
      return f ? fieldColumn(f) : undefined;
    }
    return Object.hasOwn(COLUMNS, id) ? COLUMNS[id] : undefined;
  };
  const unknown = ids.filter((id) => !columnOf(id));
  if (unknown.length) throw badRequest(`Unknown column: ${unknown.join(', ')}`, 'columns');
  const chosen = [...new Set(ids)].map((id) => columnOf(id)!);
  if (!chosen.length) throw badRequest('Choose at least one column.', 'columns');
  return chosen;
}

export async function auditDocument(
  database: Database,
  input: { tenantId: number; visible: number[] | null; filter?: string; columns?: string },
): Promise<ReportDocument> {
  const q = parseAuditFilter(input.filter);
  const fields = await database.query<ExtraField>('SELECT id, name, type FROM backup_fields WHERE tenant_id = $1', [
    input.tenantId,
  ]);
  const columns = exportColumns(input.columns, fields.rows);
  const clock = await tenantClock(database, input.tenantId);
  const date = notInFuture(q.Date ?? clock.yesterday, clock.today);
  const t = await database.query<{ name: string; date_format: string; time_format: string }>(
    'SELECT name, date_format, time_format FROM tenants WHERE id = $1',
    [input.tenantId],
  );
  const rows: ReportCell[][] = [];
  let total = 0;
  for (let page = 1; rows.length < AUDIT_FILE_MAX_ROWS; page++) {
    const r = await listAuditBackups(
      database,
      { ...q, HistoryDays: 1, Page: page, Size: PAGE },
      {
        tenantId: input.tenantId,
        timeZone: clock.timeZone,
        date,
        visible: input.visible,
      },
    );
    total = r.Total;
    for (const row of r.Results) rows.push(columns.map((c) => c.value(row)));
    if (page >= r.TotalPages) break;
  }
  const facts = [{ label: 'Date', value: date }];
  if (q.Search?.trim()) facts.push({ label: 'Search', value: q.Search.trim() });
  if (total > rows.length) facts.push({ label: 'Rows', value: `first ${rows.length} of ${total}` });
  return {
    // The renderers read the title, formats and sections; the type only names the document's family.
    type: 'BackupStatusSummary',
    title: `Audit ${date}`,
    category: 'Backup Reports',
    tenantName: t.rows[0]?.name ?? '',
    hasLogo: false,
    generatedAt: new Date().toISOString(),
    timeZone: clock.timeZone,
    dateFormat: t.rows[0]?.date_format ?? 'MM/DD/yyyy',
    timeFormat: t.rows[0]?.time_format ?? 'hh:mm A',
    range: null,
    facts,
    sections: [
      { title: 'Audit', columns: columns.map((c) => c.column), rows, emptyText: 'No backups match the filters.' },
    ],
  };
}
