import { useQuery } from '@tanstack/react-query';
import type { AuditBackupRow, Paged, PolicyRow } from '@vigil/contract';
import { auditKeys, useTenantId } from '../../../lib/auditApi';
import type { IsoDay } from '../../../lib/days';
import { api } from '../../../lib/session';

/** How many backups a drawer's search may match before its own is found among them. */
const DRAWER_SEARCH_SIZE = 200;

/**
 * The drawer's backup on the selected day, read on its own (not from the grid's page): after a
 * manual result or a mark the backup may leave the grid's filters, and the drawer still shows
 * its new status. Under the audit keys, so every audit change refreshes it; the grid's row
 * stands in until the answer arrives.
 */
export function useDrawerBackup(row: AuditBackupRow | null, date: IsoDay, historyDays: number) {
  const t = useTenantId();
  const policyId = row?.PolicyId ?? 0;
  const search = row?.JobName ?? '';
  return useQuery({
    queryKey: [...auditKeys.all(t), 'drawer', policyId, date, historyDays] as const,
    queryFn: async ({ signal }) => {
      const page = await api.post<Paged<AuditBackupRow>>(
        '/api/policy/audit-backups',
        { Search: search, Date: date, HistoryDays: historyDays, Page: 1, Size: DRAWER_SEARCH_SIZE },
        { signal },
      );
      return page.Results.find((r) => r.PolicyId === policyId) ?? null;
    },
    enabled: !!row,
    retry: false,
  });
}

/** The backup's status rule (how a day's results make its status); none when it cannot be read. */
export function useStatusRule(policyId: number | null) {
  const t = useTenantId();
  return useQuery({
    queryKey: [...auditKeys.all(t), 'status-rule', policyId ?? 0] as const,
    queryFn: async () => {
      const [p] = await api.post<PolicyRow[]>('/api/policy/by-ids', { PolicyIds: [policyId] });
      return p ? { calc: p.StatusCalculation, treatWarningAsSuccess: p.TreatWarningAsSuccess } : null;
    },
    enabled: !!policyId,
    retry: false,
    staleTime: 60_000,
  });
}

/**
 * Another backup's row on the selected day, for the drawer (a device the appliance protects):
 * its name from the policy, then the audit row found by that name.
 */
export async function fetchAuditRow(policyId: number, date: IsoDay, historyDays: number) {
  const [p] = await api.post<PolicyRow[]>('/api/policy/by-ids', { PolicyIds: [policyId] });
  if (!p) return null;
  const page = await api.post<Paged<AuditBackupRow>>('/api/policy/audit-backups', {
    Search: p.JobName,
    Date: date,
    HistoryDays: historyDays,
    Page: 1,
    Size: DRAWER_SEARCH_SIZE,
  });
  return page.Results.find((r) => r.PolicyId === policyId) ?? null;
}
