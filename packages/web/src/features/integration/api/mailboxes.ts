// The tenant's mailboxes: the inbound address, IMAP mailboxes and aliases, and adding or deleting an alias.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AliasRow, TenantMailboxes } from '@vigil/contract';
import { queryClient, useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';

type Alias = z.infer<typeof AliasRow>;

/** Tenant-scoped keys: a different tenant (impersonation) never reads another's cache. */
export const mailboxKeys = {
  all: (tenantId: number | null) => ['integration', tenantId] as const,
  mailboxes: (tenantId: number | null) => ['integration', tenantId, 'mailboxes'] as const,
  emails: (tenantId: number | null, q: Record<string, unknown>) => ['integration', tenantId, 'emails', q] as const,
};

export function useTenantMailboxes() {
  const auth = useAuth();
  return useQuery({
    queryKey: mailboxKeys.mailboxes(auth?.tenantId ?? null),
    queryFn: () => api.get<TenantMailboxes>('/api/tenant/mailboxes'),
  });
}

export function useAddAlias() {
  const auth = useAuth();
  return useMutation({
    mutationFn: (email: string) => api.post<Alias>('/api/tenant/aliases', { Email: email }),
    onSuccess: (row) =>
      queryClient.setQueryData<TenantMailboxes>(mailboxKeys.mailboxes(auth?.tenantId ?? null), (d) =>
        d ? { ...d, Aliases: [...d.Aliases, row].sort((a, b) => a.Email.localeCompare(b.Email)) } : d,
      ),
  });
}

export function useDeleteAlias() {
  const auth = useAuth();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ Id: number }>(`/api/tenant/aliases/${id}`),
    onSuccess: (_r, id) =>
      queryClient.setQueryData<TenantMailboxes>(mailboxKeys.mailboxes(auth?.tenantId ?? null), (d) =>
        d ? { ...d, Aliases: d.Aliases.filter((a) => a.Id !== id) } : d,
      ),
  });
}
