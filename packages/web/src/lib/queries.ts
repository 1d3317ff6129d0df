import { useSyncExternalStore } from 'react';
import { QueryClient, useQuery } from '@tanstack/react-query';
import type { AuthorizedUser, CommonSettings, Profile } from '@vigil/contract';
import { ApiError } from './errors';
import { authStore, api } from './session';
import type { StoredAuth } from './auth';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
    mutations: { retry: false },
  },
});

/** The stored auth, live (this tab and the others). */
export function useAuth(): StoredAuth | null {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}

export const sessionKeys = {
  authorized: (userId: number, tenantId: number | null) => ['session', 'authorized', userId, tenantId] as const,
  settings: (userId: number, tenantId: number | null) => ['session', 'settings', userId, tenantId] as const,
};

/** GET api/user/authorized: the permission map and account traits. */
export function useAuthorizedUser() {
  const auth = useAuth();
  return useQuery({
    queryKey: sessionKeys.authorized(auth?.userId ?? 0, auth?.tenantId ?? null),
    queryFn: () => api.get<AuthorizedUser>('/api/user/authorized'),
    enabled: !!auth,
    staleTime: 5 * 60_000,
  });
}

/** GET api/common/settings: tenant name, inbound address, formats and feature flags. */
export function useCommonSettings() {
  const auth = useAuth();
  return useQuery({
    queryKey: sessionKeys.settings(auth?.userId ?? 0, auth?.tenantId ?? null),
    queryFn: () => api.get<CommonSettings>('/api/common/settings'),
    enabled: !!auth,
    staleTime: 5 * 60_000,
  });
}

export const profileKey = (userId: number) => ['profile', userId] as const;

/** GET api/user/profile. */
export function useProfile() {
  const auth = useAuth();
  return useQuery({
    queryKey: profileKey(auth?.userId ?? 0),
    queryFn: () => api.get<Profile>('/api/user/profile'),
    enabled: !!auth,
  });
}
