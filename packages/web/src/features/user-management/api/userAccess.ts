import { useMutation, useQuery } from '@tanstack/react-query';
import type { HubUser, SsoState, UserTypeSuggestion, UserTypes } from '@vigil/contract';
import { queryClient, useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';
import { umKeys } from './userManagement';

/** Client sign-in, support access and user types: keys under the tenant's User Management key. */
const keys = {
  sso: (t: number | null) => [...umKeys.all(t), 'sso'] as const,
  hub: (t: number | null) => [...umKeys.all(t), 'hub-users'] as const,
  types: (t: number | null) => [...umKeys.all(t), 'user-types'] as const,
  suggestions: (t: number | null) => [...umKeys.all(t), 'user-types', 'suggest'] as const,
};

function useTenant(): number | null {
  return useAuth()?.tenantId ?? null;
}

/** GET /api/user/sso: whether client users may sign in with Microsoft or Google. */
export function useClientSso() {
  const t = useTenant();
  return useQuery({ queryKey: keys.sso(t), queryFn: () => api.get<SsoState>('/api/user/sso') });
}

export function useSetClientSso() {
  const t = useTenant();
  return useMutation({
    mutationFn: (on: boolean) => api.put<SsoState>(`/api/user/sso/${on}`),
    onSuccess: (state) => queryClient.setQueryData(keys.sso(t), state),
  });
}

/** GET /api/user/hub-users: the platform staff and whether each may enter this account. */
export function useHubUsers() {
  const t = useTenant();
  return useQuery({ queryKey: keys.hub(t), queryFn: () => api.get<HubUser[]>('/api/user/hub-users') });
}

/** POST /api/user/grant-access | revoke-access; both answer the new list. */
export function useSupportAccess() {
  const t = useTenant();
  return useMutation({
    mutationFn: (v: { action: 'grant' | 'revoke'; userId: number | null; days?: number }) =>
      api.post<HubUser[]>(`/api/user/${v.action}-access`, {
        UserId: v.userId,
        ...(v.action === 'grant' ? { Days: v.days } : {}),
      }),
    onSuccess: (rows) => queryClient.setQueryData(keys.hub(t), rows),
  });
}

/** GET /api/user-types: how many standard (staff) and client users there are. */
export function useUserTypes() {
  const t = useTenant();
  return useQuery({ queryKey: keys.types(t), queryFn: () => api.get<UserTypes>('/api/user-types') });
}

/** POST /api/user-types/suggest: users who look filed under the wrong type, with a reason each. */
export function useTypeSuggestions() {
  const t = useTenant();
  return useQuery({
    queryKey: keys.suggestions(t),
    queryFn: () => api.post<UserTypeSuggestion[]>('/api/user-types/suggest'),
  });
}

/** POST /api/user-types/migrate; refreshes every User Management list (users, groups, counts). */
export function useMoveUsers() {
  const t = useTenant();
  return useMutation({
    mutationFn: (v: { ids: number[]; type: 'standard' | 'client' }) =>
      api.post<{ Message: string }>('/api/user-types/migrate', { Ids: v.ids, Type: v.type }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: umKeys.all(t) }),
  });
}
