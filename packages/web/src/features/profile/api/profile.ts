import { useMutation, useQuery } from '@tanstack/react-query';
import type { MfaState, Profile, RecoveryCodesIssued, RecoveryCodesStatus } from '@vigil/contract';
import { profileKey, queryClient, useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';

export const mfaKey = (userId: number) => ['profile', userId, 'mfa'] as const;
export const recoveryCodesKey = (userId: number) => ['profile', userId, 'recovery-codes'] as const;

export function useUpdateProfile() {
  const auth = useAuth();
  return useMutation({
    mutationFn: (body: { FirstName: string; LastName: string }) => api.post<Profile>('/api/user/profile', body),
    onSuccess: (profile) => queryClient.setQueryData(profileKey(auth?.userId ?? 0), profile),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { OldPassword: string; NewPassword: string; ConfirmPassword: string }) =>
      api.post<{ Message: string }>('/api/user/change-password', body),
  });
}

/** GET api/user/mfa/get: when off, it also hands out a pending secret to set up. */
export function useMfaState(enabled = true) {
  const auth = useAuth();
  return useQuery({
    queryKey: mfaKey(auth?.userId ?? 0),
    queryFn: () => api.get<MfaState>('/api/user/mfa/get'),
    enabled: enabled && !!auth,
    staleTime: 0,
  });
}

function useMfaMutation<V>(fn: (v: V) => Promise<MfaState>) {
  const auth = useAuth();
  return useMutation({
    mutationFn: fn,
    onSuccess: (state) => {
      const userId = auth?.userId ?? 0;
      queryClient.setQueryData(mfaKey(userId), state);
      queryClient.setQueryData<Profile>(profileKey(userId), (p) => (p ? { ...p, MfaEnabled: state.Enabled } : p));
      void queryClient.invalidateQueries({ queryKey: profileKey(userId) });
      void queryClient.invalidateQueries({ queryKey: recoveryCodesKey(userId) });
    },
  });
}

export const useEnableMfa = () =>
  useMfaMutation((Code: string) => api.post<MfaState>('/api/user/mfa/update', { Code }));
export const useDisableMfa = () =>
  useMfaMutation((Password: string) => api.delete<MfaState>('/api/user/mfa', { Password }));
export const useRegenerateMfa = () => useMfaMutation(() => api.post<MfaState>('/api/user/mfa/regenerate'));

/** GET api/user/mfa/recovery-codes: how many one-time recovery codes are left. */
export function useRecoveryCodesStatus(enabled: boolean) {
  const auth = useAuth();
  return useQuery({
    queryKey: recoveryCodesKey(auth?.userId ?? 0),
    queryFn: () => api.get<RecoveryCodesStatus>('/api/user/mfa/recovery-codes'),
    enabled: enabled && !!auth,
    staleTime: 0,
  });
}

/** POST api/user/mfa/recovery-codes/regenerate: ten new codes behind the password; the old ones stop working. */
export function useRegenerateRecoveryCodes() {
  const auth = useAuth();
  return useMutation({
    mutationFn: (Password: string) =>
      api.post<RecoveryCodesIssued>('/api/user/mfa/recovery-codes/regenerate', { Password }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: recoveryCodesKey(auth?.userId ?? 0) }),
  });
}
