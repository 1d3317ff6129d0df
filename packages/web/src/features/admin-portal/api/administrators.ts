import { useMutation, useQuery } from '@tanstack/react-query';
import type { AdministratorCreate, AdministratorRow, AdministratorUpdate } from '@vigil/contract';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';

const key = ['admin-portal', 'administrators'] as const;
const refresh = () => void queryClient.invalidateQueries({ queryKey: key });

export function useAdministrators() {
  return useQuery({ queryKey: key, queryFn: () => api.get<AdministratorRow[]>('/api/admin/users') });
}

export function useCreateAdministrator() {
  return useMutation({
    mutationFn: (body: AdministratorCreate) => api.post<AdministratorRow>('/api/admin/users', body),
    onSuccess: refresh,
  });
}

export function useUpdateAdministrator() {
  return useMutation({
    mutationFn: (body: AdministratorUpdate) => api.put<AdministratorRow>('/api/admin/users', body),
    onSuccess: refresh,
  });
}

export function useDeleteAdministrator() {
  return useMutation({
    mutationFn: (id: number) => api.delete<{ Message: string }>(`/api/admin/users/${id}`),
    onSuccess: refresh,
  });
}
