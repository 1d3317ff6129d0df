import { useMutation, useQuery } from '@tanstack/react-query';
import type { Tag, TagDeleted } from '@vigil/contract';
import { appBroadcast } from './broadcast';
import { queryClient, useAuth } from './queries';
import { api } from './session';

/** Tenant-scoped keys: an impersonated tenant never reads another's cache. */
export const tagKeys = {
  all: (t: number | null) => ['tags', t] as const,
  list: (t: number | null) => ['tags', t, 'list'] as const,
  values: (t: number | null) => ['tags', t, 'values'] as const,
};

/** Tags show in the audit and the backup lists: a change refreshes them here and in other tabs. */
async function announceTagChange(t: number | null): Promise<void> {
  appBroadcast().post('table-update', { table: 'audit' });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: tagKeys.all(t) }),
    queryClient.invalidateQueries({ queryKey: ['audit', t] }),
  ]);
}

/** GET /api/tags: the catalogue with the number of backups carrying each tag. */
export function useTags() {
  const t = useAuth()?.tenantId ?? null;
  return useQuery({ queryKey: tagKeys.list(t), queryFn: () => api.get<Tag[]>('/api/tags') });
}

/** GET /api/policy/tags: the tag values editors offer. */
export function useTagValues(enabled = true) {
  const t = useAuth()?.tenantId ?? null;
  return useQuery({
    queryKey: tagKeys.values(t),
    queryFn: () => api.get<string[]>('/api/policy/tags'),
    enabled,
    staleTime: 60_000,
  });
}

export function useCreateTag() {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: (TagValue: string) => api.post<Tag>('/api/tags', { TagValue }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all(t) }),
  });
}

export function useRenameTag() {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: (v: { Id: number; TagValue: string }) => api.put<Tag>('/api/tags', v),
    onSuccess: () => announceTagChange(t),
  });
}

export function useDeleteTag() {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: (id: number) => api.delete<TagDeleted>('/api/tags', undefined, { query: { id } }),
    onSuccess: () => announceTagChange(t),
  });
}
