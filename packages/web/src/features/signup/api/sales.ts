import { useMutation, useQuery } from '@tanstack/react-query';
import type { CouponCreate, CouponRow, CouponTypeRow, ResellerCreate, ResellerRow } from '@vigil/contract';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';

export const salesKeys = {
  coupons: ['admin', 'coupons'] as const,
  couponTypes: ['constant', 'coupon-types'] as const,
  resellers: ['admin', 'resellers'] as const,
};

export function useCoupons() {
  return useQuery({ queryKey: salesKeys.coupons, queryFn: () => api.get<CouponRow[]>('/api/coupon/') });
}

export function useCouponTypes() {
  return useQuery({
    queryKey: salesKeys.couponTypes,
    queryFn: () => api.get<CouponTypeRow[]>('/api/constant/coupon-types'),
    staleTime: Infinity,
  });
}

export function useCreateCoupon() {
  return useMutation({
    mutationFn: (body: CouponCreate) => api.post<CouponRow>('/api/coupon/', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKeys.coupons }),
  });
}

export function useDeleteCoupon() {
  return useMutation({
    mutationFn: (id: number) => api.delete<CouponRow>(`/api/coupon/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKeys.coupons }),
  });
}

export function useResellers() {
  return useQuery({ queryKey: salesKeys.resellers, queryFn: () => api.get<ResellerRow[]>('/api/reseller/') });
}

export function useCreateReseller() {
  return useMutation({
    mutationFn: (body: ResellerCreate) => api.post<ResellerRow>('/api/reseller/', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKeys.resellers }),
  });
}

export function useDeleteReseller() {
  return useMutation({
    mutationFn: (id: number) => api.delete<ResellerRow>(`/api/reseller/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKeys.resellers }),
  });
}
