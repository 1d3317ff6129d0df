import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  ConfirmEmailResponse,
  CouponCheck,
  ResellerCheck,
  SignupRequest,
  SignupResponse,
  UnsubscribeResponse,
} from '@vigil/contract';
import { api } from '../../../lib/session';

/** GET /api/signup/check-ref: who referred this sign-up, when it came through `signup/{reseller}`. */
export function useResellerCheck(code: string | undefined) {
  return useQuery({
    queryKey: ['signup', 'ref', code],
    queryFn: () => api.get<ResellerCheck>('/api/signup/check-ref', { auth: false, query: { reseller: code } }),
    enabled: !!code,
    retry: false,
    staleTime: Infinity,
  });
}

export function checkCoupon(coupon: string): Promise<CouponCheck> {
  return api.get<CouponCheck>('/api/signup/check-coupon', { auth: false, query: { coupon } });
}

export function useSignup() {
  return useMutation({
    mutationFn: (body: SignupRequest) =>
      api.post<SignupResponse>(body.Reseller ? '/api/signup/ref' : '/api/signup', body, { auth: false }),
  });
}

export function useConfirmEmail(token: string) {
  return useQuery({
    queryKey: ['signup', 'confirm', token],
    queryFn: () => api.post<ConfirmEmailResponse>('/api/signup/confirm-email', { Token: token }, { auth: false }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useResendConfirmation() {
  return useMutation({
    mutationFn: (Email: string) =>
      api.post<{ Message: string }>('/api/signup/resend-confirmation', { Email }, { auth: false }),
  });
}

export function useUnsubscribe() {
  return useMutation({
    mutationFn: (Token: string) => api.put<UnsubscribeResponse>('/api/unsubscribe', { Token }, { auth: false }),
  });
}
