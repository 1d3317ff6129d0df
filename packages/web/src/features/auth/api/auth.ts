import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  RegionRoute,
  LoginResponse,
  MfaChallenge,
  MfaSetupChallenge,
  MfaSetupDone,
  MfaState,
  TokenPair,
} from '@vigil/contract';
import { api } from '../../../lib/session';

export function isMfaChallenge(r: LoginResponse): r is MfaChallenge {
  return (r as MfaChallenge).mfaRequired === true;
}

export function isMfaSetupChallenge(r: LoginResponse): r is MfaSetupChallenge {
  return (r as MfaSetupChallenge).mfaSetupRequired === true;
}

/** POST api/user/mfa/get/public: the pending authenticator secret of a sign-in stopped at the set-up step. */
export function useMfaSetupState(token: string) {
  return useQuery({
    queryKey: ['auth', 'mfa-setup', token],
    queryFn: () => api.post<MfaState>('/api/user/mfa/get/public', { Token: token }, { auth: false }),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** POST api/user/mfa/regenerate/public: a new pending secret; the query above shows it. */
export function useRegenerateMfaSetup(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MfaState>('/api/user/mfa/regenerate/public', { Token: token }, { auth: false }),
    onSuccess: (state) => client.setQueryData(['auth', 'mfa-setup', token], state),
  });
}

/** POST api/user/mfa/update/public: the first code turns two-factor on and finishes the sign-in. */
export function useCompleteMfaSetup(token: string) {
  return useMutation({
    mutationFn: (Code: string) =>
      api.post<MfaSetupDone>('/api/user/mfa/update/public', { Token: token, Code }, { auth: false }),
  });
}

/** POST api/UserAuth/Login with credentials. */
export function useCredentialsLogin() {
  return useMutation({
    mutationFn: (body: { UserName: string; Password: string }) =>
      api.post<LoginResponse>('/api/UserAuth/Login', body, { auth: false }),
  });
}

/** POST api/UserAuth/Login, second step: the authenticator code, or a one-time recovery code. */
export function useMfaLogin() {
  return useMutation({
    mutationFn: (body: { mfaType: 'totp' | 'recovery'; mfaToken: string; challengeToken: string }) =>
      api.post<TokenPair>('/api/UserAuth/Login', body, { auth: false }),
  });
}

/** GET api/UserAuth/Login?UserName=: the region that is home to this e-mail (asked before any password is sent). */
export { useRegion } from '../../../lib/region';

export function useHomeRegion() {
  return useMutation({
    mutationFn: (email: string) =>
      api.get<RegionRoute>(`/api/UserAuth/Login?UserName=${encodeURIComponent(email)}`, { auth: false }),
  });
}

export function useRequestReset() {
  return useMutation({
    mutationFn: (Email: string) =>
      api.post<{ Message: string }>('/api/user/reset-password', { Email }, { auth: false }),
  });
}

export function useValidateResetToken(token: string) {
  return useQuery({
    queryKey: ['auth', 'reset-token', token],
    queryFn: () => api.post<{ Valid: true }>('/api/user/validate-token', { Token: token }, { auth: false }),
    retry: false,
    staleTime: Infinity,
  });
}

export function useSetPassword() {
  return useMutation({
    mutationFn: (body: { Token: string; Password: string; ConfirmPassword: string }) =>
      api.post<{ Message: string }>('/api/user/set-password', body, { auth: false }),
  });
}
