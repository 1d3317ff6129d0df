import type { AuditBackupsQuery } from '@vigil/contract';
import { saveBlob } from '../../../lib/download';
import { api } from '../../../lib/session';

export type AuditFileFormat = 'excel' | 'csv';

/**
 * GET /api/policy/audit/file: the grid's rows with its filter model (a JSON string, features §7)
 * and its visible columns, saved as "Audit <day>.xlsx" or ".csv".
 */
export async function downloadAuditFile(
  query: AuditBackupsQuery,
  columns: string[],
  format: AuditFileFormat,
): Promise<void> {
  const blob = await api.get<Blob>('/api/policy/audit/file', {
    responseType: 'blob',
    query: { format, filter: JSON.stringify(query), columns: columns.join(',') },
  });
  saveBlob(blob, `Audit ${query.Date ?? ''}.${format === 'csv' ? 'csv' : 'xlsx'}`.replace(' .', '.'));
}
