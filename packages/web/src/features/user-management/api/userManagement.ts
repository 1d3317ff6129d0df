import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  BulkResult,
  GroupInput,
  GroupRow,
  GroupUpdate,
  NamedRef,
  PermissionMatrix,
  PermissionToggle,
  RestrictionGroup,
  RestrictionGroupSave,
  UserCreate,
  UserDetail,
  UserListItem,
  UserUpdate,
} from '@vigil/contract';
import { queryClient, useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';

/** Tenant-scoped keys: an impersonated tenant never reads another's cache. */
export const umKeys = {
  all: (t: number | null) => ['user-management', t] as const,
  users: (t: number | null, kind: string, includeDisabled: boolean) =>
    ['user-management', t, 'users', kind, includeDisabled] as const,
  user: (t: number | null, id: number) => ['user-management', t, 'user', id] as const,
  groups: (t: number | null, type: string) => ['user-management', t, 'groups', type] as const,
  restriction: (t: number | null) => ['user-management', t, 'restriction-groups'] as const,
  permissions: (t: number | null, type: string) => ['user-management', t, 'permissions', type] as const,
  companies: (t: number | null, search: string) => ['user-management', t, 'companies', search] as const,
};

function useTenant(): number | null {
  return useAuth()?.tenantId ?? null;
}
const refreshAll = (t: number | null) => queryClient.invalidateQueries({ queryKey: umKeys.all(t) });

export type UserKind = 'partner' | 'client';

/** GET /api/user/partner | client (query includeDisabled). */
export function useUsers(kind: UserKind, includeDisabled: boolean) {
  const t = useTenant();
  return useQuery({
    queryKey: umKeys.users(t, kind, includeDisabled),
    queryFn: () => api.get<UserListItem[]>(`/api/user/${kind}`, { query: { includeDisabled } }),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: number | null) {
  const t = useTenant();
  return useQuery({
    queryKey: umKeys.user(t, id ?? 0),
    queryFn: () => api.get<UserDetail>(`/api/user/${id}`),
    enabled: id !== null,
  });
}

export function useSaveUser() {
  const t = useTenant();
  return useMutation({
    mutationFn: (v: { id: number | null; create?: UserCreate; update?: UserUpdate }) =>
      v.id === null ? api.post<UserDetail>('/api/user', v.create) : api.put<UserDetail>(`/api/user/${v.id}`, v.update),
    onSuccess: () => refreshAll(t),
  });
}

export type BulkAction = 'bulk-delete' | 'bulk-new-password' | 'enable-two-factor' | 'disable-two-factor';

export function useBulkUsers() {
  const t = useTenant();
  return useMutation({
    mutationFn: (v: { action: BulkAction; ids: number[] }) =>
      api.post<BulkResult>(`/api/user/${v.action}`, { Ids: v.ids }),
    onSuccess: () => refreshAll(t),
  });
}

/** GET /api/group/standard | client: groups with their permissions and user counts. */
export function useGroups(type: 'standard' | 'client') {
  const t = useTenant();
  return useQuery({ queryKey: umKeys.groups(t, type), queryFn: () => api.get<GroupRow[]>(`/api/group/${type}`) });
}

export function useCreateGroup() {
  const t = useTenant();
  return useMutation({
    mutationFn: (v: GroupInput) => api.post<GroupRow>('/api/group', v),
    onSuccess: () => refreshAll(t),
  });
}

export function useUpdateGroup() {
  const t = useTenant();
  return useMutation({
    mutationFn: (v: GroupUpdate & { Id: number }) => api.put<GroupRow>(`/api/group/${v.Id}`, v),
    onSuccess: () => refreshAll(t),
  });
}

export function useCopyGroup() {
  const t = useTenant();
  return useMutation({
    mutationFn: (id: number) => api.post<GroupRow>(`/api/group/${id}`, {}),
    onSuccess: () => refreshAll(t),
  });
}

export function useDeleteGroup() {
  const t = useTenant();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ Message: string }>(`/api/group/${id}`),
    onSuccess: () => refreshAll(t),
  });
}

/** GET /api/permission/{type}: catalogue entries and each group's grants. */
export function usePermissions(type: 'standard' | 'client') {
  const t = useTenant();
  return useQuery({
    queryKey: umKeys.permissions(t, type),
    queryFn: () => api.get<PermissionMatrix>(`/api/permission/${type}`),
  });
}

export function useTogglePermission() {
  const t = useTenant();
  return useMutation({
    mutationFn: (v: PermissionToggle) => api.put<GroupRow>('/api/permission/toggle', v),
    onSuccess: () => refreshAll(t),
  });
}

export function useRestrictionGroups() {
  const t = useTenant();
  return useQuery({
    queryKey: umKeys.restriction(t),
    queryFn: () => api.get<RestrictionGroup[]>('/api/restriction-group'),
  });
}

export function useSaveRestrictionGroup() {
  const t = useTenant();
  return useMutation({
    mutationFn: (v: RestrictionGroupSave) => api.post<RestrictionGroup>('/api/restriction-group', v),
    onSuccess: () => refreshAll(t),
  });
}

export function useDeleteRestrictionGroup() {
  const t = useTenant();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ Message: string }>(`/api/restriction-group/${id}`),
    onSuccess: () => refreshAll(t),
  });
}

/** GET /api/company/autocomplete: companies matching a search, for the company pickers. */
export function useCompanyOptions(search: string) {
  const t = useTenant();
  return useQuery({
    queryKey: umKeys.companies(t, search),
    queryFn: async () =>
      (await api.get<{ Results: NamedRef[] }>('/api/company/autocomplete', { query: { search, size: 200 } })).Results,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
