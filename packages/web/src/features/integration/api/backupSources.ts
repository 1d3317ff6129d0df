// Backup-vendor API sources (features §2 Integration → backup): cards, sources, save, delete, sync.
import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  BackupIntegrationCard,
  BackupSourceBody,
  BackupSourceCompany,
  BackupSourceRow,
  BackupSourceType,
} from '@vigil/contract';
import { queryClient, useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';

/** Tenant-scoped keys: a different tenant (impersonation) never reads another's cache. */
export const backupSourceKeys = {
  all: (tenantId: number | null) => ['backup-sources', tenantId] as const,
  cards: (tenantId: number | null) => ['backup-sources', tenantId, 'cards'] as const,
  list: (tenantId: number | null, type: string) => ['backup-sources', tenantId, 'list', type] as const,
  one: (tenantId: number | null, type: string, id: number) => ['backup-sources', tenantId, 'one', type, id] as const,
  companies: (tenantId: number | null, type: string, id: number) =>
    ['backup-sources', tenantId, 'companies', type, id] as const,
};

/** While a source syncs its row is read again this often (features §4.3: every second). */
export const SYNC_POLL_MS = 1000;

const base = (type: string) => `/api/integration/${encodeURIComponent(type)}`;

function useTenant() {
  return useAuth()?.tenantId ?? null;
}

export function invalidateBackupSources(tenantId: number | null) {
  return queryClient.invalidateQueries({ queryKey: backupSourceKeys.all(tenantId) });
}

/** GET api/integration/backups: one card per vendor the tenant may use. */
export function useBackupIntegrationCards() {
  const t = useTenant();
  return useQuery({
    queryKey: backupSourceKeys.cards(t),
    queryFn: () => api.get<BackupIntegrationCard[]>('/api/integration/backups'),
  });
}

/** GET api/integration/{type}: the vendor's sources; read every second while one of them syncs. */
export function useBackupSources(type: string) {
  const t = useTenant();
  return useQuery({
    queryKey: backupSourceKeys.list(t, type),
    queryFn: () => api.get<BackupSourceRow[]>(base(type)),
    refetchInterval: (q) => (q.state.data?.some((r) => r.SyncStatus === 'pending') ? SYNC_POLL_MS : false),
  });
}

export function useBackupSource(type: string, id: number | null) {
  const t = useTenant();
  return useQuery({
    queryKey: backupSourceKeys.one(t, type, id ?? 0),
    queryFn: () => api.get<BackupSourceRow>(`${base(type)}/${id}`),
    enabled: !!id,
    retry: false,
  });
}

/** GET api/integration/{type}/{id}/companies: the vendor's customers and their companies. */
export function useBackupSourceCompanies(type: string, id: number | null) {
  const t = useTenant();
  return useQuery({
    queryKey: backupSourceKeys.companies(t, type, id ?? 0),
    queryFn: () => api.get<BackupSourceCompany[]>(`${base(type)}/${id}/companies`),
    enabled: !!id,
    retry: false,
  });
}

/** POST api/integration/{type}: creates, or updates the source named by Id; the server checks the credentials. */
export function useSaveBackupSource(type: BackupSourceType | string) {
  const t = useTenant();
  return useMutation({
    mutationFn: (body: BackupSourceBody) => api.post<BackupSourceRow>(base(type), body),
    onSuccess: () => invalidateBackupSources(t),
  });
}

export function useDeleteBackupSource(type: string) {
  const t = useTenant();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`${base(type)}/${id}`),
    onSuccess: () => invalidateBackupSources(t),
  });
}

/** POST (start) or DELETE (cancel) api/integration/{type}/{id}/sync; the rows then show its progress. */
export function useSyncBackupSource(type: string) {
  const t = useTenant();
  return useMutation({
    mutationFn: ({ id, cancel }: { id: number; cancel?: boolean }) =>
      cancel ? api.delete<unknown>(`${base(type)}/${id}/sync`) : api.post<unknown>(`${base(type)}/${id}/sync`),
    onSettled: () => invalidateBackupSources(t),
  });
}
