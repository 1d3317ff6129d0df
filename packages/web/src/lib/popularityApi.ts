import { useMutation, useQuery } from '@tanstack/react-query';
import type { UnpopularTime } from '@vigil/contract';
import { useTenantId } from './auditApi';
import { queryClient } from './queries';
import { api } from './session';

const popularityKey = (tenantId: number | null, backupId: number) => ['popularity', tenantId, backupId] as const;

/** GET /api/popularity/{id}/unpopular-time: the jobs per start slot on the backup's storage and the quietest start. */
export function useUnpopularTime(backupId: number) {
  const t = useTenantId();
  return useQuery({
    queryKey: popularityKey(t, backupId),
    queryFn: ({ signal }) => api.get<UnpopularTime>(`/api/popularity/${backupId}/unpopular-time`, { signal }),
  });
}

/** POST /api/popularity/{id}: moves the backup's planned start to the accepted time. */
export function useMoveStart(backupId: number) {
  const t = useTenantId();
  return useMutation({
    mutationFn: (StartTime: string) =>
      api.post<{ BackupId: number; StartTime: string; PreviousTime: string | null }>(`/api/popularity/${backupId}`, {
        StartTime,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['popularity', t] }),
  });
}
