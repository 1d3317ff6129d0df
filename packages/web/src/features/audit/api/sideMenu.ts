// The drawer's side menu (features §3.4): a vendor backup's device and appliance, and Backup Now.
import { useMutation, useQuery } from '@tanstack/react-query';
import { auditKeys, useTenantId } from '../../../lib/auditApi';
import { api } from '../../../lib/session';
import { isNoSideMenu, vendorSideMenu } from '../sideMenu';

/**
 * GET /api/backup/side-menu/{id}. A backup without a vendor side menu (an e-mail backup: its
 * summary, a 404 or an empty answer) reads as null, so only a real failure is an error.
 */
export function useSideMenu(backupId: number | null) {
  const t = useTenantId();
  return useQuery({
    queryKey: [...auditKeys.all(t), 'side-menu', backupId ?? 0] as const,
    queryFn: async ({ signal }) => {
      try {
        return vendorSideMenu(await api.get<unknown>(`/api/backup/side-menu/${backupId}`, { signal }));
      } catch (err) {
        if (isNoSideMenu(err)) return null;
        throw err;
      }
    },
    enabled: !!backupId,
    retry: false,
    staleTime: 60_000,
  });
}

/** POST /api/backup/run/{id}: asks the vendor to start the backup now. */
export function useRunBackup() {
  return useMutation({
    mutationFn: (backupId: number) => api.post<{ Message: string }>(`/api/backup/run/${backupId}`),
  });
}
