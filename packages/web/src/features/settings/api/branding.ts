import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  BrandingInfo,
  BrandingInput,
  Country,
  DateTimeFormats,
  ImageUploaded,
  TenantConfig,
  TenantConfigInput,
  TenantInfo,
  TimeZoneOption,
} from '@vigil/contract';
import { queryClient, useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';
import { announceTenantInfo } from '../../../lib/tenantInfo';

export const brandingKeys = {
  branding: (t: number | null) => ['branding', t] as const,
  config: (t: number | null) => ['tenant-config', t] as const,
  info: (t: number | null) => ['tenant-config', t, 'info'] as const,
};

/** GET api/branding-info. */
export function useBranding() {
  const t = useAuth()?.tenantId ?? null;
  return useQuery({ queryKey: brandingKeys.branding(t), queryFn: () => api.get<BrandingInfo>('/api/branding-info') });
}

/** POST api/branding-info; the shell and the other tabs pick the new logo up. */
export function useSaveBranding() {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: (input: BrandingInput) => api.post<BrandingInfo>('/api/branding-info', input),
    onSuccess: async (saved) => {
      queryClient.setQueryData(brandingKeys.branding(t), saved);
      await announceTenantInfo(t);
    },
  });
}

/** POST api/common/image-upload?isTenantLogo=true with the PNG in the field "file". */
export function useUploadLogo() {
  return useMutation({
    mutationFn: (png: Blob) => {
      const form = new FormData();
      form.append('file', png, 'logo.png');
      return api.post<ImageUploaded>('/api/common/image-upload?isTenantLogo=true', form);
    },
  });
}

/** GET /api/tenants/config. */
export function useTenantConfig() {
  const t = useAuth()?.tenantId ?? null;
  return useQuery({ queryKey: brandingKeys.config(t), queryFn: () => api.get<TenantConfig>('/api/tenants/config') });
}

/** GET /api/tenants/info. */
export function useTenantInfo() {
  const t = useAuth()?.tenantId ?? null;
  return useQuery({ queryKey: brandingKeys.info(t), queryFn: () => api.get<TenantInfo>('/api/tenants/info') });
}

export function useSaveTenantConfig() {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: (input: TenantConfigInput) => api.put<TenantConfig>('/api/tenants/config', input),
    onSuccess: async (saved) => {
      queryClient.setQueryData(brandingKeys.config(t), saved);
      await announceTenantInfo(t);
    },
  });
}

/** PUT /api/tenants/{autoupgrade|delete}/{flag}. */
export function useTenantSwitch(kind: 'autoupgrade' | 'delete') {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: (on: boolean) => api.put<TenantInfo>(`/api/tenants/${kind}/${on}`),
    onSuccess: async (info) => {
      queryClient.setQueryData(brandingKeys.info(t), info);
      await announceTenantInfo(t);
    },
  });
}

const forever = { staleTime: Infinity, gcTime: Infinity } as const;

export function useTimeZones() {
  return useQuery({
    queryKey: ['constants', 'timezones'],
    queryFn: () => api.get<TimeZoneOption[]>('/api/constant/timezones'),
    ...forever,
  });
}

export function useCountries() {
  return useQuery({
    queryKey: ['constants', 'countries'],
    queryFn: () => api.get<Country[]>('/api/constant/country'),
    ...forever,
  });
}

export function useDateTimeFormats() {
  return useQuery({
    queryKey: ['constants', 'date-time-formats'],
    queryFn: () => api.get<DateTimeFormats>('/api/common/date-time-formats'),
    ...forever,
  });
}

/** POST api/common/timezone/find: a saved zone that is not in the list (features §5.4). */
export function findTimeZone(id: string) {
  return api.post<TimeZoneOption[]>('/api/common/timezone/find', { Text: id });
}
