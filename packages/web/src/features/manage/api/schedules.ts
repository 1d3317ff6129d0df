import { useMutation, useQuery } from '@tanstack/react-query';
import type { Schedule, ScheduleRule } from '@vigil/contract';
import { appBroadcast } from '../../../lib/broadcast';
import { queryClient, useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';

/** Tenant-scoped keys: an impersonated tenant never reads another's cache. */
export const scheduleKeys = {
  all: (t: number | null) => ['schedules', t] as const,
  list: (t: number | null) => ['schedules', t, 'list'] as const,
};

export interface ScheduleDraft {
  ScheduleId?: number;
  Name: string;
  Rule: ScheduleRule;
}

/**
 * A schedule change moves the days of every backup using it: the schedule lists, the audit
 * and the backup lists refresh here and in other tabs.
 */
async function announceScheduleChange(t: number | null): Promise<void> {
  const bus = appBroadcast();
  for (const table of ['audit', 'daily-activity', 'schedules']) bus.post('table-update', { table });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: scheduleKeys.all(t) }),
    queryClient.invalidateQueries({ queryKey: ['audit', t] }),
    queryClient.invalidateQueries({ queryKey: ['daily-activity', t] }),
  ]);
}

/** GET api/schedule: the named schedules with their sentence and how many backups use them. */
export function useSchedules() {
  const t = useAuth()?.tenantId ?? null;
  return useQuery({ queryKey: scheduleKeys.list(t), queryFn: () => api.get<Schedule[]>('/api/schedule') });
}

/** POST api/schedule: creates a schedule, or updates the one named by ScheduleId. */
export function useSaveSchedule() {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: (draft: ScheduleDraft) => api.post<Schedule>('/api/schedule', draft),
    onSuccess: () => announceScheduleChange(t),
  });
}

/** DELETE api/schedule/{id}: the backups using it go back to their own rule. */
export function useDeleteSchedule() {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: (id: number) => api.delete<{ ScheduleId: number; BackupIds: number[] }>(`/api/schedule/${id}`),
    onSuccess: () => announceScheduleChange(t),
  });
}
