import { useMemo } from 'react';
import type { AuditBackupRow } from '@vigil/contract';
import type { GridColumnDef } from '../../components/grid';
import { useAdditionalFields } from '../../lib/backupFieldsApi';
import type { TenantFormats } from '../../lib/tenantFormats';
import { auditColumns, type AuditColumnContext } from './components/auditColumns';

/**
 * The Audit grid's columns on the page: times and days in the tenant's formats, the selected day,
 * and a column for each of the tenant's extra backup fields (hidden until chosen).
 */
export function useAuditGridColumns(
  formats: TenantFormats,
  ctx: Pick<AuditColumnContext, 'selectedDate' | 'onSelectDate' | 'onRowMenu' | 'onTickets'>,
): GridColumnDef<AuditBackupRow>[] {
  const fields = useAdditionalFields().data;
  const { selectedDate, onSelectDate, onRowMenu, onTickets } = ctx;
  return useMemo(
    () =>
      auditColumns({
        dateTime: formats.dateTime,
        day: formats.day,
        fields,
        selectedDate,
        onSelectDate,
        onRowMenu,
        onTickets,
      }),
    // The formatters change identity every render; their pattern and zone are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [formats.timeZone, formats.dateFormat, fields, selectedDate, onSelectDate, onRowMenu, onTickets],
  );
}
