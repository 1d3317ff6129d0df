// The tenant's branding (logo and colours) and the logo upload; the configuration hooks are re-exported.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { BrandingInfo, BrandingInput, ImageUploaded } from '@vigil/contract';
import { queryClient, useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';
import { announceTenantInfo } from '../../../lib/tenantInfo';
import { brandingKeys } from './brandingKeys';

export { brandingKeys } from './brandingKeys';
export * from './tenantConfig';
export * from './constants';

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
