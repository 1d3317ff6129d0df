// Scheduled reports: their query keys, the list and one report, and keeping lists in step across windows.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ScheduledReport } from '@vigil/contract';
import { appBroadcast } from '../../../lib/broadcast';
import { queryClient, useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';

/** The table-update name other tabs and the editor windows listen for. */
export const SCHEDULED_TABLE = 'reporting-schedules';

/** Tenant-scoped keys: an impersonated tenant never reads another's cache. */
export const scheduledKeys = {
  all: (t: number | null) => ['reports-scheduled', t] as const,
  list: (t: number | null) => ['reports-scheduled', t, 'list'] as const,
  one: (t: number | null, id: number) => ['reports-scheduled', t, 'one', id] as const,
};

export const useTenantId = () => useAuth()?.tenantId ?? null;

/** A change refreshes this tab's list and, through the broadcast, the list in the main window. */
export async function announceChange(t: number | null): Promise<void> {
  appBroadcast().post('table-update', { table: SCHEDULED_TABLE });
  await queryClient.invalidateQueries({ queryKey: scheduledKeys.all(t) });
}

/** Keeps the list in step with editors open in other windows. */
export function useScheduledTableUpdates(): void {
  const t = useTenantId();
  useEffect(
    () =>
      appBroadcast().subscribe('table-update', ({ table }) => {
        if (table === SCHEDULED_TABLE) void queryClient.invalidateQueries({ queryKey: scheduledKeys.all(t) });
      }),
    [t],
  );
}

/** GET /api/reports/scheduled. */
export function useScheduledReports() {
  const t = useTenantId();
  return useQuery({
    queryKey: scheduledKeys.list(t),
    queryFn: () => api.get<ScheduledReport[]>('/api/reports/scheduled'),
    // Next and last runs move on their own while the screen is open.
    refetchInterval: 60_000,
  });
}

/** GET /api/reports/scheduled/{id}. */
export function useScheduledReport(id: number, enabled = true) {
  const t = useTenantId();
  return useQuery({
    queryKey: scheduledKeys.one(t, id),
    queryFn: () => api.get<ScheduledReport>(`/api/reports/scheduled/${id}`),
    enabled: enabled && Number.isInteger(id) && id > 0,
  });
}
