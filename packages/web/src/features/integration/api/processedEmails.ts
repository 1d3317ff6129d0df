// The tenant's processed e-mails: the list (refreshing while any is pending), reprocess, download, raw text.
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Paged, ProcessedEmail, ReprocessAnswer } from '@vigil/contract';
import { saveBlob } from '../../../lib/download';
import { emailListQuery, emlFileName, hasPendingEmails, type EmailFilters } from '../../../lib/ingest';
import { queryClient, useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';
import { mailboxKeys } from './mailboxes';

type Reprocessed = z.infer<typeof ReprocessAnswer>;

export const EMAILS_PAGE_SIZE = 20;
/** While any listed e-mail is still queued or parsing, the list refreshes itself this often. */
const PENDING_REFRESH_MS = 3000;

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
