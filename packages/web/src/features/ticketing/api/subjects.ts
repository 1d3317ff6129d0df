import { useMutation, useQuery } from '@tanstack/react-query';
import type { PatternExample, SubjectTemplate, SubjectTemplateInput } from '@vigil/contract';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';
import { ticketKeys, useTenantId } from './keys';

/** GET api/ticket/custom-subjects: the tenant's subject per grouping. */
export function useCustomSubjects() {
  const t = useTenantId();
  return useQuery({
    queryKey: ticketKeys.subjects(t),
    queryFn: () => api.get<SubjectTemplate[]>('/api/ticket/custom-subjects'),
  });
}

/** GET api/ticket/default-subjects. */
export function useDefaultSubjects() {
  const t = useTenantId();
  return useQuery({
    queryKey: ticketKeys.defaultSubjects(t),
    queryFn: () => api.get<SubjectTemplate[]>('/api/ticket/default-subjects'),
    staleTime: Infinity,
  });
}

/** PUT api/ticket/custom-subjects (400 with the parser's errors). */
export function useSaveSubject() {
  const t = useTenantId();
  return useMutation({
    mutationFn: (input: SubjectTemplateInput) => api.put<unknown>('/api/ticket/custom-subjects', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.subjects(t) }),
  });
}

/** POST api/ticket/pattern-example. */
export function fetchPatternExample(input: SubjectTemplateInput, signal?: AbortSignal): Promise<PatternExample> {
  return api.post<PatternExample>('/api/ticket/pattern-example', input, { signal });
}
