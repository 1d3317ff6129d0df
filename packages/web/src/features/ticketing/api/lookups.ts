import { useQuery } from '@tanstack/react-query';
import type { CompanyOptionPage, EmailSettings, PsaLookup, PsaOption, Tag } from '@vigil/contract';
import { ApiError } from '../../../lib/errors';
import { api } from '../../../lib/session';
import { ticketKeys, useTenantId } from './keys';

/**
 * A PSA property (`api/integration/crm/{id}/{lookup}`). The answer is null when this PSA has no
 * such property (404), so the form leaves that field out.
 */
export function usePsaLookup(
  crmId: number | null,
  lookup: PsaLookup,
  opts: { parent?: string; query?: Record<string, string>; enabled?: boolean } = {},
) {
  const t = useTenantId();
  const path = `/api/integration/crm/${crmId}/${lookup}${opts.parent !== undefined ? `/${encodeURIComponent(opts.parent)}` : ''}`;
  const search = new URLSearchParams(opts.query ?? {}).toString();
  return useQuery({
    queryKey: ticketKeys.lookup(t, crmId, search ? `${path}?${search}` : path),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<PsaOption[]>(path, { signal, query: opts.query });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    enabled: !!crmId && (opts.enabled ?? true),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** GET api/email-settings/list: the tenant's SMTP settings (none means the system mail). */
export function useSmtpSettings() {
  const t = useTenantId();
  return useQuery({
    queryKey: ['email-settings', t, 'list'],
    queryFn: () => api.get<EmailSettings[]>('/api/email-settings/list'),
  });
}

/** GET api/company/autocomplete, PSA companies only or all. */
export function useCompanyOptions(search: string, psaOnly: boolean) {
  const t = useTenantId();
  return useQuery({
    queryKey: ['companies', t, 'autocomplete', search, psaOnly],
    queryFn: ({ signal }) =>
      api.get<CompanyOptionPage>('/api/company/autocomplete', {
        signal,
        query: { search: search || undefined, size: 50, type: psaOnly ? 0 : undefined, includeLocal: !psaOnly },
      }),
    staleTime: 30_000,
  });
}

/** GET /api/tags. */
export function useTagOptions() {
  const t = useTenantId();
  return useQuery({ queryKey: ['tags', t, 'list'], queryFn: () => api.get<Tag[]>('/api/tags') });
}

/** GET /api/backup/vendor/used. */
export function useVendorOptions() {
  const t = useTenantId();
  return useQuery({
    queryKey: ['vendors', t, 'used'],
    queryFn: () => api.get<{ Id: string; Name: string; Count: number }[]>('/api/backup/vendor/used'),
  });
}
