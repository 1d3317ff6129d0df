import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AliasRow, Paged, ProcessedEmail, ReprocessAnswer, TenantMailboxes } from '@vigil/contract';
import { saveBlob } from '../../../lib/download';
import { emailListQuery, emlFileName, hasPendingEmails, type EmailFilters } from '../../../lib/ingest';
import { queryClient, useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';

type Alias = z.infer<typeof AliasRow>;
type Reprocessed = z.infer<typeof ReprocessAnswer>;

/** Tenant-scoped keys: a different tenant (impersonation) never reads another's cache. */
export const mailboxKeys = {
  all: (tenantId: number | null) => ['integration', tenantId] as const,
  mailboxes: (tenantId: number | null) => ['integration', tenantId, 'mailboxes'] as const,
  emails: (tenantId: number | null, q: Record<string, unknown>) => ['integration', tenantId, 'emails', q] as const,
};

export const EMAILS_PAGE_SIZE = 20;
/** While any listed e-mail is still queued or parsing, the list refreshes itself this often. */
const PENDING_REFRESH_MS = 3000;

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

export function useProcessedEmails(filters: EmailFilters) {
  const auth = useAuth();
  const query = emailListQuery({ ...filters, size: EMAILS_PAGE_SIZE });
  return useQuery({
    queryKey: mailboxKeys.emails(auth?.tenantId ?? null, query),
    queryFn: () => api.get<Paged<ProcessedEmail>>('/api/tenant/processed-emails', { query }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    refetchInterval: (q) => (hasPendingEmails(q.state.data?.Results) ? PENDING_REFRESH_MS : false),
  });
}

export function useReprocessEmail() {
  const auth = useAuth();
  return useMutation({
    mutationFn: (emailId: number) => api.post<Reprocessed>('/api/tenant/processed-emails/reprocess', { emailId }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: [...mailboxKeys.all(auth?.tenantId ?? null), 'emails'] }),
  });
}

export async function downloadTenantEmail(email: Pick<ProcessedEmail, 'emailId' | 'Subject'>): Promise<void> {
  const blob = await api.get<Blob>('/api/tenant/processed-emails/download', {
    query: { emailId: email.emailId },
    responseType: 'blob',
  });
  saveBlob(blob, emlFileName(email.emailId, email.Subject));
}

export function loadTenantRawEmail(email: Pick<ProcessedEmail, 'emailId'>): Promise<string> {
  return api.get<string>('/api/tenant/processed-emails/download', {
    query: { emailId: email.emailId },
    responseType: 'text',
  });
}
