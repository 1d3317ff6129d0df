import { useEffect } from 'react';
import { appBroadcast } from './broadcast';
import { queryClient } from './queries';

/** Query keys that hold what "tenant info" covers: the shell settings, branding and tenant settings. */
const TENANT_INFO_KEYS = [['session', 'settings'], ['branding'], ['tenant-config']] as const;

function reload() {
  return Promise.all(TENANT_INFO_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })));
}

/** After branding or tenant settings changed: reload here and tell the other tabs (features §4.8). */
export async function announceTenantInfo(tenantId: number | null): Promise<void> {
  await reload();
  appBroadcast().post('tenant-info', { tenantId });
}

/** In the shell: another tab changed the tenant info, so this tab reloads it. */
export function useTenantInfoUpdates(): void {
  useEffect(() => appBroadcast().subscribe('tenant-info', () => void reload()), []);
}
