import { useQuery } from '@tanstack/react-query';
import type { ReportCatalogue, ReportFilters, ReportJob, ReportJobResult, ReportType } from '@vigil/contract';
import { useTenantId } from '../../../lib/auditApi';
import { saveBlob } from '../../../lib/download';
import { api } from '../../../lib/session';

/** Platform §9: a report being generated is polled every 1000 ms until it is ready. */
export const REPORT_POLL_MS = 1000;

export const reportKeys = {
  catalogue: (t: number | null) => ['reports', t, 'catalogue'] as const,
};

/** GET /api/reports: the reports this tenant can generate, by category. */
export function useReportCatalogue() {
  const t = useTenantId();
  return useQuery({
    queryKey: reportKeys.catalogue(t),
    queryFn: () => api.get<ReportCatalogue>('/api/reports'),
    staleTime: 5 * 60_000,
  });
}

const jobPath = (type: ReportType, id: string) => `/api/reports/report/${type}/${encodeURIComponent(id)}`;

export function startReport(type: ReportType, id: string, filters: ReportFilters): Promise<ReportJob> {
  return api.post<ReportJob>(jobPath(type, id), { filters });
}

export function pollReport(type: ReportType, id: string, signal?: AbortSignal): Promise<ReportJobResult> {
  return api.get<ReportJobResult>(jobPath(type, id), { signal });
}

export function stopReport(type: ReportType, id: string): Promise<ReportJob> {
  return api.delete<ReportJob>(jobPath(type, id));
}

export type DownloadFormat = 'pdf' | 'excel' | 'csv';

export interface PdfOptions {
  landscape: boolean;
  formatA2: boolean;
}

/** POST /api/reports/pdf | excel | csv for a ready run, saved as a file. */
export async function downloadReport(
  type: ReportType,
  id: string,
  format: DownloadFormat,
  fileName: string,
  pdf?: PdfOptions,
): Promise<void> {
  const blob = await api.post<Blob>(
    `/api/reports/${format}`,
    { type, id },
    {
      responseType: 'blob',
      query: format === 'pdf' ? { landscape: !!pdf?.landscape, formatA2: !!pdf?.formatA2 } : undefined,
    },
  );
  saveBlob(blob, fileName);
}
