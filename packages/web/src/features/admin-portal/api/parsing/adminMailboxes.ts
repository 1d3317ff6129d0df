// The mailboxes Vigil reads for tenants: list, add, enable or disable, delete.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminMailboxRow, MailboxInput } from '@vigil/contract';
import { queryClient } from '../../../../lib/queries';
import { api } from '../../../../lib/session';
import { parsingKeys } from './parsingKeys';

export type AdminMailbox = z.infer<typeof AdminMailboxRow>;
export type NewMailbox = z.input<typeof MailboxInput>;

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
