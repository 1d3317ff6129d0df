import { useMutation, useQuery } from '@tanstack/react-query';
import type { LoginResponse, MfaChallenge, TokenPair } from '@vigil/contract';
import { api } from '../../../lib/session';

export function isMfaChallenge(r: LoginResponse): r is MfaChallenge {
  return (r as MfaChallenge).mfaRequired === true;
}

/** POST api/UserAuth/Login with credentials. */
export function useCredentialsLogin() {
  return useMutation({
    mutationFn: (body: { UserName: string; Password: string }) =>
      api.post<LoginResponse>('/api/UserAuth/Login', body, { auth: false }),
  });
}

/** POST api/UserAuth/Login, second step: the authenticator code. */
export function useMfaLogin() {
  return useMutation({
    mutationFn: (body: { mfaToken: string; challengeToken: string }) =>
      api.post<TokenPair>('/api/UserAuth/Login', { mfaType: 'totp', ...body }, { auth: false }),
  });
}

/** GET api/UserAuth/Login: the regional router names the deployment that serves this region. */
export function useRegion() {
  return useQuery({
    queryKey: ['auth', 'region'],
    queryFn: () => api.get<{ Region: string; Url: string }>('/api/UserAuth/Login', { auth: false }),
    retry: false,
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
