import { useQuery } from '@tanstack/react-query';
import type { SsoProviderSettings } from '@vigil/contract';
import { api } from '../../../lib/session';

/** GET api/UserAuth/GetMsalSettings and GetGoogleApiSettings (public): which sign-in buttons to show. */
export function useSsoProviders() {
  return useQuery({
    queryKey: ['auth', 'sso-providers'],
    queryFn: async () => {
      const [microsoft, google] = await Promise.all([
        api.get<SsoProviderSettings>('/api/UserAuth/GetMsalSettings', { auth: false }),
        api.get<SsoProviderSettings>('/api/UserAuth/GetGoogleApiSettings', { auth: false }),
      ]);
      return [microsoft, google].filter((p) => p.Enabled && p.SignInUrl);
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}
