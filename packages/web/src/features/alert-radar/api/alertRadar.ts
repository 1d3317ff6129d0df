import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type {
  AlertAnalysisVersion,
  AlertEmail,
  AlertEmailListQuery,
  AlertEmailRow,
  AlertFeedbackResult,
  AlertMailbox,
  Marker,
  Paged,
} from '@vigil/contract';
import { queryClient, useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';

const BASE = '/api/alert-radar';

/** Tenant-scoped keys: impersonating another tenant never reads this one's cache. */
export const alertKeys = {
  all: (t: number | null) => ['alert-radar', t] as const,
  list: (t: number | null, q: unknown) => ['alert-radar', t, 'list', q] as const,
  one: (t: number | null, id: number) => ['alert-radar', t, 'one', id] as const,
  versions: (t: number | null, id: number) => ['alert-radar', t, 'versions', id] as const,
  mailbox: (t: number | null) => ['alert-radar', t, 'mailbox'] as const,
  version: (t: number | null) => ['alert-radar', t, 'parser-version'] as const,
  markers: (t: number | null, s: string) => ['alert-radar', t, 'markers', s] as const,
};

export const reparsePaths = (id: number) => ({
  startPath: `${BASE}/alert-emails/${id}/reparse`,
  statusPath: `${BASE}/reparse`,
});

function useTenant() {
  return useAuth()?.tenantId ?? null;
}

export function useAlertMailbox() {
  const t = useTenant();
  return useQuery({ queryKey: alertKeys.mailbox(t), queryFn: () => api.get<AlertMailbox>(`${BASE}/mailbox`) });
}

export function useActivateMailbox() {
  const t = useTenant();
  return useMutation({
    mutationFn: (IsActive: boolean) => api.patch<AlertMailbox>(`${BASE}/mailbox/activate`, { IsActive }),
    onSuccess: (box) => queryClient.setQueryData(alertKeys.mailbox(t), box),
  });
}

export function useParserVersion() {
  const t = useTenant();
  return useQuery({
    queryKey: alertKeys.version(t),
    queryFn: () => api.get<{ Version: string }>(`${BASE}/parser-version`),
    staleTime: 60_000,
  });
}

/** `POST /api/alert-radar/alert-emails`: page 1 replaces, later pages append. */
export function useAlertEmails(q: Omit<AlertEmailListQuery, 'Page'>) {
  const t = useTenant();
  return useInfiniteQuery({
    queryKey: alertKeys.list(t, q),
    queryFn: ({ pageParam, signal }) =>
      api.post<Paged<AlertEmailRow>>(`${BASE}/alert-emails`, { ...q, Page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.Page < last.TotalPages ? last.Page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

export function useAlertEmail(id: number) {
  const t = useTenant();
  return useQuery({
    queryKey: alertKeys.one(t, id),
    queryFn: () => api.get<AlertEmail>(`${BASE}/alert-emails/${id}`),
  });
}

export function useAlertVersions(id: number) {
  const t = useTenant();
  return useQuery({
    queryKey: alertKeys.versions(t, id),
    queryFn: () => api.get<AlertAnalysisVersion[]>(`${BASE}/alert-emails/${id}/parser-results`),
  });
}

/** After a reanalysis: the e-mail, its versions and the list show the new version. */
export function refreshAlert(t: number | null, id: number) {
  void queryClient.invalidateQueries({ queryKey: alertKeys.one(t, id) });
  void queryClient.invalidateQueries({ queryKey: alertKeys.versions(t, id) });
  void queryClient.invalidateQueries({ queryKey: ['alert-radar', t, 'list'] });
}

/** Feedback (features §4.2): the first thumb is a POST, a change a PUT; the item updates in place. */
export function useSendFeedback(id: number) {
  const t = useTenant();
  return useMutation({
    mutationFn: ({ feedback, first }: { feedback: number; first: boolean }) =>
      first
        ? api.post<AlertFeedbackResult>(`${BASE}/alert-emails/${id}/feedback`, { Feedback: feedback })
        : api.put<AlertFeedbackResult>(`${BASE}/alert-emails/feedback/${id}`, { Feedback: feedback }),
    onSuccess: (r) => {
      queryClient.setQueryData<AlertEmail>(alertKeys.one(t, id), (e) => (e ? { ...e, Feedback: r.Feedback } : e));
      void queryClient.invalidateQueries({ queryKey: ['alert-radar', t, 'list'] });
    },
  });
}

/** `GET /api/alert-radar/markers/search`: the labels found in this tenant's alert e-mails. */
export function useMarkerSearch(search: string) {
  const t = useTenant();
  return useQuery({
    queryKey: alertKeys.markers(t, search),
    queryFn: () => api.get<Marker[]>(`${BASE}/markers/search`, { query: { searchString: search } }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
