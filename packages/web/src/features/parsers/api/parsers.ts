import { useMutation, useQuery } from '@tanstack/react-query';
import type { ParserPreviewRow, ParserRule, ParserSourceEmail, TenantParser, TenantParserInput } from '@vigil/contract';
import { queryClient, useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';

/** Tenant-scoped keys: impersonating another tenant never reads this one's cache. */
export const parserKeys = {
  all: (tenantId: number | null) => ['parsers', tenantId] as const,
  one: (tenantId: number | null, id: number) => ['parsers', tenantId, 'one', id] as const,
  email: (tenantId: number | null, emailId: number) => ['parsers', tenantId, 'email', emailId] as const,
};

export function useTenantParsers() {
  const auth = useAuth();
  return useQuery({
    queryKey: parserKeys.all(auth?.tenantId ?? null),
    queryFn: () => api.get<TenantParser[]>('/api/parsers'),
  });
}

export function useTenantParser(id: number | null) {
  const auth = useAuth();
  return useQuery({
    queryKey: parserKeys.one(auth?.tenantId ?? null, id ?? 0),
    queryFn: () => api.get<TenantParser>(`/api/parsers/${id}`),
    enabled: id !== null,
  });
}

export function useParserEmail(emailId: number | null) {
  const auth = useAuth();
  return useQuery({
    queryKey: parserKeys.email(auth?.tenantId ?? null, emailId ?? 0),
    queryFn: () => api.get<ParserSourceEmail>(`/api/parsers/email/${emailId}`),
    enabled: emailId !== null,
    staleTime: Infinity,
  });
}

export function usePreviewParser() {
  return useMutation({
    mutationFn: (rule: ParserRule) => api.post<ParserPreviewRow[]>('/api/parsers/preview', { Rule: rule, Limit: 20 }),
  });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: ['parsers'] });

export function useSaveParser() {
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: TenantParserInput }) =>
      id === null ? api.post<TenantParser>('/api/parsers', input) : api.put<TenantParser>(`/api/parsers/${id}`, input),
    onSuccess: () => void refresh(),
  });
}

export function useDeleteParser() {
  return useMutation({
    mutationFn: (id: number) => api.delete<{ Id: number }>(`/api/parsers/${id}`),
    onSuccess: () => void refresh(),
  });
}
