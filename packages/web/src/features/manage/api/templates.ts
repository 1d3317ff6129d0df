import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  BackupSettings,
  Paged,
  RuleSet,
  TemplateApplyAnswer,
  TemplateRow,
  TemplateTestAnswer,
} from '@vigil/contract';
import { announceAuditChange, useTenantId } from '../../../lib/auditApi';
import { appBroadcast } from '../../../lib/broadcast';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';

/** Tenant-scoped keys: an impersonated tenant never reads another's cache. */
export const templateKeys = {
  all: (t: number | null) => ['templates', t] as const,
  list: (t: number | null, search: string) => ['templates', t, 'list', search] as const,
  one: (t: number | null, id: number) => ['templates', t, 'one', id] as const,
};

/** Refreshes here, and tells other tabs and windows (features §4.8 table updates). */
function useRefresh() {
  const t = useTenantId();
  return () => {
    appBroadcast().post('table-update', { table: 'templates' });
    return queryClient.invalidateQueries({ queryKey: templateKeys.all(t) });
  };
}

/** Refreshes this tab's data when another tab or a popup window changed it. */
export function useTemplateTableUpdates(): void {
  const t = useTenantId();
  useEffect(
    () =>
      appBroadcast().subscribe('table-update', ({ table }) => {
        if (table === 'templates') void queryClient.invalidateQueries({ queryKey: templateKeys.all(t) });
      }),
    [t],
  );
}

/** POST api/template/list: every template (a tenant has tens, not thousands). */
export function useTemplates(search: string) {
  const t = useTenantId();
  return useQuery({
    queryKey: templateKeys.list(t, search),
    queryFn: () =>
      api.post<Paged<TemplateRow>>('/api/template/list', { Page: 1, Size: 500, Search: search || undefined }),
    placeholderData: keepPreviousData,
  });
}

export function useTemplate(id: number) {
  const t = useTenantId();
  return useQuery({
    queryKey: templateKeys.one(t, id),
    queryFn: () => api.get<TemplateRow>(`/api/template/${id}`),
    enabled: id > 0,
  });
}

export function useCreateTemplate() {
  const refresh = useRefresh();
  return useMutation({
    // The body is the name as a bare JSON string.
    mutationFn: (name: string) => api.post<TemplateRow>('/api/template/create', name),
    onSuccess: refresh,
  });
}

export function useCopyTemplate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.post<TemplateRow>(`/api/template/${id}/copy`),
    onSuccess: refresh,
  });
}

export function useDeleteTemplates() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ids: number[]) => api.delete<{ Deleted: number }>('/api/template', { Ids: ids }),
    onSuccess: refresh,
  });
}

export function useToggleTemplate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) => api.patch<TemplateRow>(`/api/template/${id}/${on}`),
    onSuccess: refresh,
  });
}

export interface TemplateDraft {
  Id: number;
  Name: string;
  Settings: BackupSettings;
  Companies: number[];
}

/** PUT api/template: the settings reach every linked backup at once. */
export function useUpdateTemplate() {
  const refresh = useRefresh();
  const t = useTenantId();
  return useMutation({
    mutationFn: (draft: TemplateDraft) => api.put<TemplateRow>('/api/template', draft),
    onSuccess: async () => {
      await refresh();
      await announceAuditChange(t);
    },
  });
}

export function useSaveTemplateRules() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { Id: number; Rules: RuleSet }) => api.put<TemplateRow>('/api/template/rules', input),
    onSuccess: refresh,
  });
}

/** POST api/template/test: what rules would match, without saving. */
export function useTestTemplateRules() {
  return useMutation({
    mutationFn: (input: { Rules: RuleSet; Companies: number[] }) =>
      api.post<TemplateTestAnswer>('/api/template/test', input),
  });
}

/** PUT api/template/apply: a preview first, then the apply itself. */
export function useApplyTemplates() {
  const refresh = useRefresh();
  const t = useTenantId();
  return useMutation({
    mutationFn: (input: { Ids: number[]; Preview: boolean; IncludeConflicts: boolean }) =>
      api.put<TemplateApplyAnswer>('/api/template/apply', input),
    onSuccess: async (_answer, input) => {
      if (input.Preview) return;
      await refresh();
      await announceAuditChange(t);
    },
  });
}

export function useStandaloneTemplate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<{ Converted: number; isActive: boolean }>(`/api/template/${id}/standalone`, {}),
    onSuccess: refresh,
  });
}

/** The preview of applying one template (nothing is written): its matches and conflicts. */
export function useTemplateApplyPreview(id: number | null) {
  const t = useTenantId();
  return useQuery({
    queryKey: [...templateKeys.all(t), 'apply-preview', id] as const,
    queryFn: () =>
      api.put<TemplateApplyAnswer>('/api/template/apply', { Ids: [id], Preview: true, IncludeConflicts: false }),
    enabled: id !== null,
    gcTime: 0,
    staleTime: 0,
  });
}
