// The senders whose mail Vigil's SMTP door refuses: list, add or edit, delete.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BannedEmailRow } from '@vigil/contract';
import { queryClient } from '../../../../lib/queries';
import { api } from '../../../../lib/session';
import { PROVIDER, parsingKeys } from './parsingKeys';

export type BannedSender = z.infer<typeof BannedEmailRow>;
export type BannedSenderInput = { Email: string; Reason: string };

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
