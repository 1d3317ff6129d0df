import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { BackupPlanApplyAnswer, BackupPlanRow, BackupSettings, Paged, RuleSet } from '@vigil/contract';
import { announceAuditChange, useTenantId } from '../../../lib/auditApi';
import { appBroadcast } from '../../../lib/broadcast';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';

export const backupPlanKeys = {
  all: (t: number | null) => ['backup-plans', t] as const,
};

/** Refreshes here, and tells other tabs and windows (features §4.8 table updates). */
function useRefresh() {
  const t = useTenantId();
  return () => {
    appBroadcast().post('table-update', { table: 'backup-plans' });
    return queryClient.invalidateQueries({ queryKey: backupPlanKeys.all(t) });
  };
}

/** Refreshes this tab's data when another tab or a popup window changed it. */
export function useBackupPlanTableUpdates(): void {
  const t = useTenantId();
  useEffect(
    () =>
      appBroadcast().subscribe('table-update', ({ table }) => {
        if (table === 'backup-plans') void queryClient.invalidateQueries({ queryKey: backupPlanKeys.all(t) });
      }),
    [t],
  );
}

/** POST api/backup-plans/list: the plans in order (first wins). */
export function useBackupPlans() {
  const t = useTenantId();
  return useQuery({
    queryKey: backupPlanKeys.all(t),
    queryFn: () => api.post<Paged<BackupPlanRow>>('/api/backup-plans/list', { Page: 1, Size: 500 }),
  });
}

export interface BackupPlanDraft {
  Id?: number;
  Name: string;
  Rules: RuleSet;
  Settings: BackupSettings;
}

export function useSaveBackupPlan() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (d: BackupPlanDraft) =>
      d.Id
        ? api.put<BackupPlanRow>('/api/backup-plans/update', d)
        : api.post<BackupPlanRow>('/api/backup-plans/create', { Name: d.Name, Rules: d.Rules, Settings: d.Settings }),
    onSuccess: refresh,
  });
}

export function useDeleteBackupPlan() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ Message: string }>(`/api/backup-plans/${id}`),
    onSuccess: refresh,
  });
}

export function useToggleBackupPlan() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) => api.patch<BackupPlanRow>(`/api/backup-plans/${id}/${on}`),
    onSuccess: refresh,
  });
}

/** POST api/backup-plans/reorder: AfterId null puts the plan first. */
export function useReorderBackupPlan() {
  const t = useTenantId();
  return useMutation({
    mutationFn: (input: { Id: number; AfterId: number | null }) =>
      api.post<BackupPlanRow[]>('/api/backup-plans/reorder', input),
    onSuccess: (rows) => {
      queryClient.setQueryData<Paged<BackupPlanRow>>(backupPlanKeys.all(t), (old) =>
        old ? { ...old, Results: rows } : old,
      );
    },
  });
}

export function useApplyBackupPlans() {
  const refresh = useRefresh();
  const t = useTenantId();
  return useMutation({
    mutationFn: (override: boolean) =>
      api.post<BackupPlanApplyAnswer>('/api/backup-plans/apply', {}, { query: { overrideBackupPlans: override } }),
    onSuccess: async () => {
      await refresh();
      await announceAuditChange(t);
    },
  });
}
