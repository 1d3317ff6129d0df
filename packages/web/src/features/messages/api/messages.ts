import { useMutation, useQuery } from '@tanstack/react-query';
import type { AppMessage, AppMessageInput, AppMessageUpdate } from '@vigil/contract';
import { messageKeys } from '../../../lib/appMessages';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';

/** GET api/messages: every message, for the Admin Portal. */
export function useAllMessages() {
  return useQuery({ queryKey: messageKeys.admin, queryFn: () => api.get<AppMessage[]>('/api/messages') });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: messageKeys.all });

export function useSaveMessage() {
  return useMutation({
    mutationFn: (m: AppMessageInput | AppMessageUpdate) =>
      'Id' in m ? api.put<AppMessage>('/api/messages/', m) : api.post<AppMessage>('/api/messages/', m),
    onSuccess: refresh,
  });
}

export function useDeleteMessage() {
  return useMutation({
    mutationFn: (id: number) => api.delete<{ Id: number }>(`/api/messages/${id}`),
    onSuccess: refresh,
  });
}
