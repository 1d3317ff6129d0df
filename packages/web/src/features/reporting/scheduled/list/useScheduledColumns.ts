// The scheduled reports grid's columns, wired to the list's actions and the tenant's formats.
import { useMemo } from 'react';
import type { ScheduledReport } from '@vigil/contract';
import { useTenantFormats, useTenantTimeFormat } from '../../../../lib/tenantFormats';
import type { ScheduledFormMode } from '../form/scheduledInput';
import { scheduledColumns } from './scheduledColumns';
import type { useScheduledActions } from './useScheduledActions';

export function useScheduledColumns(
  { runNow, toggle, askDelete, running, toggling }: ReturnType<typeof useScheduledActions>,
  open: (mode: ScheduledFormMode, report: ScheduledReport | null) => void,
  canEdit: boolean,
) {
  const formats = useTenantFormats();
  const timeFormat = useTenantTimeFormat();
  return useMemo(
    () =>
      scheduledColumns(
        {
          onEdit: (r) => open('edit', r),
          onCopy: (r) => open('copy', r),
          onRun: (r) => void runNow(r),
          onDelete: askDelete,
          onToggle: (r, v) => void toggle(r, v),
          running,
          toggling,
        },
        { dateTime: formats.dateTime, timeFormat, canEdit },
      ),
    [open, runNow, askDelete, toggle, running, toggling, formats.dateTime, timeFormat, canEdit],
  );
}
