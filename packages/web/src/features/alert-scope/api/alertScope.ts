import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type {
  AdminAlertEmail,
  AdminAlertEmailQuery,
  AdminAlertEmailRow,
  AlertAnalysisVersion,
  AlertEmailEdit,
  AlertTrainingData,
  Paged,
} from '@vigil/contract';
import { saveBlob } from '../../../lib/download';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';

export const SCOPE = '/api/alert-scope/admin';

export const scopeKeys = {
  all: ['alert-scope'] as const,
  list: (q: unknown) => ['alert-scope', 'list', q] as const,
  one: (t: number, uid: string) => ['alert-scope', 'one', t, uid] as const,
  versions: (t: number, uid: string) => ['alert-scope', 'versions', t, uid] as const,
  training: (t: number, uid: string) => ['alert-scope', 'training', t, uid] as const,
  labels: ['alert-scope', 'ner-labels'] as const,
  classifications: ['alert-scope', 'classifications'] as const,
  types: ['alert-scope', 'alert-types'] as const,
  model: ['alert-scope', 'model'] as const,
};

const emailPath = (t: number, uid: string) => `${SCOPE}/alert-emails/${t}/${encodeURIComponent(uid)}`;

export const adminReparsePaths = (t: number, uid: string) => ({
  startPath: `${emailPath(t, uid)}/reparse`,
  statusPath: `${SCOPE}/reparse`,
});

/** `POST /api/alert-scope/admin/alert-emails`: every tenant's alert e-mails, page by page. */
export function useAdminAlertEmails(q: Omit<AdminAlertEmailQuery, 'Page'>) {
  return useInfiniteQuery({
    queryKey: scopeKeys.list(q),
    queryFn: ({ pageParam, signal }) =>
      api.post<Paged<AdminAlertEmailRow>>(`${SCOPE}/alert-emails`, { ...q, Page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.Page < last.TotalPages ? last.Page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

export function useAdminAlertEmail(t: number, uid: string) {
  return useQuery({ queryKey: scopeKeys.one(t, uid), queryFn: () => api.get<AdminAlertEmail>(emailPath(t, uid)) });
}

export function useAdminAlertVersions(t: number, uid: string) {
  return useQuery({
    queryKey: scopeKeys.versions(t, uid),
    queryFn: () => api.get<AlertAnalysisVersion[]>(`${emailPath(t, uid)}/analyzed-results`),
  });
}

export function useTrainingData(t: number, uid: string) {
  return useQuery({
    queryKey: scopeKeys.training(t, uid),
    queryFn: () => api.get<AlertTrainingData>(`${emailPath(t, uid)}/training-data`),
  });
}

export function refreshAdminAlert(t: number, uid: string) {
  void queryClient.invalidateQueries({ queryKey: scopeKeys.one(t, uid) });
  void queryClient.invalidateQueries({ queryKey: scopeKeys.versions(t, uid) });
  void queryClient.invalidateQueries({ queryKey: scopeKeys.training(t, uid) });
  void queryClient.invalidateQueries({ queryKey: ['alert-scope', 'list'] });
}

/** `PUT …/alert-emails`: corrected annotations, assessment or type become training data. */
export function useSaveAlertEdit() {
  return useMutation({
    mutationFn: (edit: AlertEmailEdit) => api.put<AlertTrainingData>(`${SCOPE}/alert-emails`, edit),
    onSuccess: (d) => queryClient.setQueryData(scopeKeys.training(d.tenantId, d.emailUid), d),
  });
}

/** `PATCH …/alert-emails/flag`: the item updates in place (features §4.2). */
export function useSetFlag(t: number, uid: string) {
  return useMutation({
    mutationFn: (Flags: number) =>
      api.patch<{ Flags: number }>(`${SCOPE}/alert-emails/flag`, { tenantId: t, emailUid: uid, Flags }),
    onSuccess: (r) => {
      queryClient.setQueryData<AdminAlertEmail>(scopeKeys.one(t, uid), (e) => (e ? { ...e, Flags: r.Flags } : e));
      void queryClient.invalidateQueries({ queryKey: ['alert-scope', 'list'] });
    },
  });
}

export async function downloadAlertEml(t: number, uid: string, subject: string) {
  const blob = await api.get<Blob>(`${emailPath(t, uid)}/download`, { responseType: 'blob' });
  const name =
    (subject || 'alert')
      .replace(/[^\w .-]+/g, '_')
      .slice(0, 80)
      .trim() || 'alert';
  saveBlob(blob, `${name}.eml`);
}
