// The parsing status and the processed e-mails of every tenant: list, reprocess, download, raw text.
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminProcessedEmail, Paged, ParsingStatus, ReprocessAnswer } from '@vigil/contract';
import { saveBlob } from '../../../../lib/download';
import { emailListQuery, emlFileName, hasPendingEmails, type EmailFilters } from '../../../../lib/ingest';
import { queryClient } from '../../../../lib/queries';
import { api } from '../../../../lib/session';
import { ADMIN_EMAILS_PAGE_SIZE, PARSING_STATUS_REFRESH_MS, parsingKeys } from './parsingKeys';

type Reprocessed = z.infer<typeof ReprocessAnswer>;

export function useParsingStatus() {
  return useQuery({
    queryKey: parsingKeys.status,
    queryFn: () => api.get<ParsingStatus>('/api/parsing-status'),
    refetchInterval: PARSING_STATUS_REFRESH_MS,
    staleTime: 0,
  });
}

export function useAdminEmails(filters: EmailFilters) {
  const query = emailListQuery({ ...filters, size: ADMIN_EMAILS_PAGE_SIZE }, 'email');
  return useQuery({
    queryKey: parsingKeys.emails(query),
    queryFn: () => api.get<Paged<AdminProcessedEmail>>('/api/processed-emails', { query }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    refetchInterval: (q) => (hasPendingEmails(q.state.data?.Results) ? 3000 : false),
  });
}

export function useAdminReprocess() {
  return useMutation({
    mutationFn: (e: Pick<AdminProcessedEmail, 'tenantId' | 'emailId'>) =>
      api.put<Reprocessed>('/api/processed-emails/reprocess', { tenantId: e.tenantId, emailId: e.emailId }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: parsingKeys.emailsAll });
      void queryClient.invalidateQueries({ queryKey: parsingKeys.status });
    },
  });
}

export async function downloadAdminEmail(e: Pick<AdminProcessedEmail, 'tenantId' | 'emailId' | 'Subject'>) {
  const blob = await api.get<Blob>('/api/processed-emails/download', {
    query: { tenantId: e.tenantId, emailId: e.emailId },
    responseType: 'blob',
  });
  saveBlob(blob, emlFileName(e.emailId, e.Subject));
}

export function loadAdminRawEmail(e: Pick<AdminProcessedEmail, 'tenantId' | 'emailId'>): Promise<string> {
  return api.get<string>('/api/processed-emails/download', {
    query: { tenantId: e.tenantId, emailId: e.emailId },
    responseType: 'text',
  });
}
