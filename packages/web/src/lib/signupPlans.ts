import { useQuery } from '@tanstack/react-query';
import type { SignupPlan } from '@vigil/contract';
import { api } from './session';

/** GET /api/signup/get-plans: the plans offered at sign-up (public). */
export function useSignupPlans() {
  return useQuery({
    queryKey: ['signup', 'plans'],
    queryFn: () => api.get<SignupPlan[]>('/api/signup/get-plans', { auth: false }),
    staleTime: 300_000,
  });
}
