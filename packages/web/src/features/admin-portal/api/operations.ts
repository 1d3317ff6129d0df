import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AdminFunctionsStatus,
  BackupStatistics,
  BackupStatisticsRow,
  EmailStatistics,
  EmailStatisticsRow,
  ErrorLogRow,
  ErrorLogType,
  Paged,
  PublicApiStatistics,
  PublicApiStatisticsRow,
  TenantStatistics,
} from '@vigil/contract';
import { api } from '../../../lib/session';

export interface Range {
  From: string;
  To: string;
}

function useStatistic<T>(path: string, range: Range) {
  return useQuery({
    queryKey: ['admin-portal', 'statistics', path, range.From, range.To],
    queryFn: () => api.get<T>(`/api/statistics/${path}?From=${range.From}&To=${range.To}`),
    placeholderData: keepPreviousData,
  });
}

export const useTenantStatistics = (r: Range) => useStatistic<TenantStatistics>('tenants', r);
export const useEmailStatistics = (r: Range) => useStatistic<EmailStatistics>('emails', r);
export const useEmailStatisticsRows = (r: Range) => useStatistic<EmailStatisticsRow[]>('emails/detailed', r);
export const useBackupStatistics = (r: Range) => useStatistic<BackupStatistics>('backups', r);
export const useBackupStatisticsRows = (r: Range) => useStatistic<BackupStatisticsRow[]>('backups/detailed', r);
export const usePublicApiStatistics = (r: Range) => useStatistic<PublicApiStatistics>('public-api', r);
export const usePublicApiStatisticsRows = (r: Range) =>
  useStatistic<PublicApiStatisticsRow[]>('public-api/detailed', r);

/** Job queues, refreshed every 10 s while the screen is open. */
export function useQueueStatus() {
  return useQuery({
    queryKey: ['admin-portal', 'functions'],
    queryFn: () => api.get<AdminFunctionsStatus>('/api/functions/admin/status'),
    refetchInterval: 10_000,
  });
}

export function useErrorLog(q: { types: ErrorLogType[]; search: string; page: number; size: number }) {
  const params = new URLSearchParams();
  for (const t of q.types) params.append('type', t);
  if (q.search.trim()) params.set('search', q.search.trim());
  params.set('Page', String(q.page));
  params.set('Size', String(q.size));
  return useQuery({
    queryKey: ['admin-portal', 'errors', params.toString()],
    queryFn: () => api.get<Paged<ErrorLogRow>>(`/api/logs/errors?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}
