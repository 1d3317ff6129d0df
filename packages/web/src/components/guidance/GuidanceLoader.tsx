import { useEffect } from 'react';
import type { CommonSettings } from '@vigil/contract';
import type { StoredAuth } from '../../lib/auth';
import { reportError } from '../../lib/errorReporter';
import { loadGuidance } from '../../lib/guidance';

/** Starts the third-party guidance tool when the server configures one (features §7); renders nothing. */
export function GuidanceLoader({ settings, auth }: { settings: CommonSettings; auth: StoredAuth }) {
  const config = settings.Guidance;
  useEffect(() => {
    if (!config) return;
    loadGuidance(
      window,
      config,
      {
        userId: auth.userUnifiedId || String(auth.userId),
        name: `${auth.userFirstName} ${auth.userLastName}`.trim(),
        email: auth.userName,
        tenantId: auth.tenantUnifiedId || String(auth.tenantId ?? ''),
        tenantName: settings.TenantName,
      },
      (err) => reportError(err, 'guidance'),
    );
  }, [config, auth, settings.TenantName]);
  return null;
}
