import { useMutation, useQuery } from '@tanstack/react-query';
import type { AdminTenantParser, FalseGreens } from '@vigil/contract';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';
import { PARSING_STATUS_REFRESH_MS } from './parsing';

export const tenantParserKeys = {
  list: ['admin', 'parsing', 'tenant-parsers'] as const,
  falseGreens: ['admin', 'parsing', 'false-greens'] as const,
};

/** Results read as Success that users corrected, last 30 days, per vendor. */
export function useFalseGreens() {
  return useQuery({
    queryKey: tenantParserKeys.falseGreens,
    queryFn: () => api.get<FalseGreens>('/api/parsing-status/false-greens'),
    refetchInterval: PARSING_STATUS_REFRESH_MS,
  });
}

export function useAdminTenantParsers() {
  return useQuery({
    queryKey: tenantParserKeys.list,
    queryFn: () => api.get<AdminTenantParser[]>('/api/admin/parsers'),
  });
}

export function usePromoteParser() {
  return useMutation({
    mutationFn: ({ id, builtIn }: { id: number; builtIn: boolean }) =>
      api.put<{ Id: number; BuiltIn: boolean }>(`/api/admin/parsers/${id}/built-in`, { BuiltIn: builtIn }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: tenantParserKeys.list }),
  });
}
