// Saving, deleting and running scheduled reports; each change refreshes every window's list.
import { useMutation } from '@tanstack/react-query';
import type { ScheduledReport, ScheduledReportInput, ScheduledReportRun } from '@vigil/contract';
import { api } from '../../../lib/session';
import { announceChange, useTenantId } from './api';

/** POST /api/reports/scheduled, or PUT /{id} when an id is given. */
export function useSaveScheduledReport() {
  const t = useTenantId();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ScheduledReportInput }) =>
      id
        ? api.put<ScheduledReport>(`/api/reports/scheduled/${id}`, input)
        : api.post<ScheduledReport>('/api/reports/scheduled', input),
    onSuccess: () => announceChange(t),
  });
}

export function useDeleteScheduledReport() {
  const t = useTenantId();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/api/reports/scheduled/${id}`),
    onSuccess: () => announceChange(t),
  });
}

/** POST /api/reports/scheduled/run/{id}: builds and mails the report now. */
export function useRunScheduledReport() {
  const t = useTenantId();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<ScheduledReportRun | { LastRun?: ScheduledReportRun }>(`/api/reports/scheduled/run/${id}`),
    onSettled: () => announceChange(t),
  });
}

/** The run a "run now" answer describes, whichever of the two shapes the server sends. */
export function runOf(answer: unknown): ScheduledReportRun | null {
  if (!answer || typeof answer !== 'object') return null;
  if ('Outcome' in answer) return answer as ScheduledReportRun;
  const last = (answer as { LastRun?: ScheduledReportRun | null }).LastRun;
  return last ?? null;
}
