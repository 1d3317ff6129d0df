import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  TEST_PARSING_POLL_MS,
  type AdminMailboxRow,
  type AdminProcessedEmail,
  type BannedEmailRow,
  type MailboxInput,
  type Paged,
  type ParsingStatus,
  type ReprocessAnswer,
  type TestParsingStarted,
  type TestParsingStatus,
} from '@vigil/contract';
import { saveBlob } from '../../../lib/download';
import { emailListQuery, emlFileName, hasPendingEmails, type EmailFilters } from '../../../lib/ingest';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';

export type BannedSender = z.infer<typeof BannedEmailRow>;
export type BannedSenderInput = { Email: string; Reason: string };
export type AdminMailbox = z.infer<typeof AdminMailboxRow>;
export type NewMailbox = z.input<typeof MailboxInput>;
type Reprocessed = z.infer<typeof ReprocessAnswer>;

/** Vigil's own SMTP door: the mail-provider segment of the banned-senders calls. */
const PROVIDER = 'smtp';
export const PARSING_STATUS_REFRESH_MS = 10_000;
export const ADMIN_EMAILS_PAGE_SIZE = 20;
/** Give up polling a test parsing after this long (it normally takes milliseconds). */
export const TEST_PARSING_GIVE_UP_MS = 2 * 60_000;

export const parsingKeys = {
  all: ['admin', 'parsing'] as const,
  status: ['admin', 'parsing', 'status'] as const,
  emails: (q: Record<string, unknown>) => ['admin', 'parsing', 'emails', q] as const,
  emailsAll: ['admin', 'parsing', 'emails'] as const,
  test: (identifier: string) => ['admin', 'parsing', 'test', identifier] as const,
  banned: ['admin', 'parsing', 'banned'] as const,
  mailboxes: ['admin', 'parsing', 'mailboxes'] as const,
};

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

/** POST the .eml as multipart/form-data in the field "email". */
export function useStartTestParsing() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('email', file, file.name);
      return api.post<z.infer<typeof TestParsingStarted>>('/api/admin/test-parsing', form);
    },
  });
}

export function isTestParsingDone(status: TestParsingStatus['Status'] | undefined): boolean {
  return status === 'Completed' || status === 'Failed';
}

/** Polls a test parsing every second (platform §4) until it is Completed or Failed. */
export function useTestParsingStatus(identifier: string | null, startedAt: number) {
  return useQuery({
    queryKey: parsingKeys.test(identifier ?? ''),
    queryFn: () =>
      api.get<TestParsingStatus>('/api/admin/test-parsing/status', { query: { identifier: identifier ?? '' } }),
    enabled: !!identifier,
    staleTime: Infinity,
    refetchInterval: (q) =>
      isTestParsingDone(q.state.data?.Status) || q.state.dataUpdatedAt - startedAt > TEST_PARSING_GIVE_UP_MS
        ? false
        : TEST_PARSING_POLL_MS,
  });
}

export function useBannedSenders() {
  return useQuery({
    queryKey: parsingKeys.banned,
    queryFn: () => api.get<BannedSender[]>(`/api/admin/${PROVIDER}/banned-emails`),
  });
}

const sortBanned = (rows: BannedSender[]) => [...rows].sort((a, b) => a.Email.localeCompare(b.Email));

export function useSaveBannedSender() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BannedSenderInput }) =>
      id === null
        ? api.post<BannedSender>(`/api/admin/${PROVIDER}/banned-emails`, body)
        : api.put<BannedSender>(`/api/admin/${PROVIDER}/banned-emails/${id}`, body),
    onSuccess: (row) =>
      queryClient.setQueryData<BannedSender[]>(parsingKeys.banned, (rows) =>
        rows ? sortBanned([...rows.filter((r) => r.Id !== row.Id), row]) : rows,
      ),
  });
}

export function useDeleteBannedSender() {
  return useMutation({
    mutationFn: (id: number) => api.delete<{ Id: number }>(`/api/admin/${PROVIDER}/banned-emails/${id}`),
    onSuccess: (_r, id) =>
      queryClient.setQueryData<BannedSender[]>(parsingKeys.banned, (rows) => rows?.filter((r) => r.Id !== id)),
  });
}

export function useAdminMailboxes() {
  return useQuery({
    queryKey: parsingKeys.mailboxes,
    queryFn: () => api.get<AdminMailbox[]>('/api/Message/GetMailBoxConfiguration'),
  });
}

const replaceMailbox = (row: AdminMailbox) =>
  queryClient.setQueryData<AdminMailbox[]>(parsingKeys.mailboxes, (rows) =>
    rows?.some((r) => r.Id === row.Id) ? rows.map((r) => (r.Id === row.Id ? row : r)) : rows && [...rows, row],
  );

export function useAddMailbox() {
  return useMutation({
    mutationFn: (body: NewMailbox) => api.post<AdminMailbox>('/api/admin/tenants/mailbox', body),
    onSuccess: (row) => {
      replaceMailbox(row);
      void queryClient.invalidateQueries({ queryKey: parsingKeys.mailboxes });
    },
  });
}

export function useToggleMailbox() {
  return useMutation({
    mutationFn: (id: number) => api.post<AdminMailbox>(`/api/Message/ToggleEnableMailBox/${id}`),
    // Optimistic: the switch moves at once and moves back if the server refuses.
    onMutate: (id) => {
      const before = queryClient.getQueryData<AdminMailbox[]>(parsingKeys.mailboxes);
      queryClient.setQueryData<AdminMailbox[]>(parsingKeys.mailboxes, (rows) =>
        rows?.map((r) => (r.Id === id ? { ...r, IsEnabled: !r.IsEnabled } : r)),
      );
      return { before };
    },
    onError: (_err, _id, context) => {
      if (context?.before) queryClient.setQueryData(parsingKeys.mailboxes, context.before);
    },
    onSuccess: replaceMailbox,
  });
}

export function useDeleteMailbox() {
  return useMutation({
    mutationFn: (id: number) => api.delete<{ Deleted: number }>(`/api/Message/DeleteMailBox/${id}`),
    onSuccess: (_r, id) =>
      queryClient.setQueryData<AdminMailbox[]>(parsingKeys.mailboxes, (rows) => rows?.filter((r) => r.Id !== id)),
  });
}
