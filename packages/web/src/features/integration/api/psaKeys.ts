// Query keys of the PSA integration screens and the refresh after a change.
import type { CrmVendor } from '@vigil/contract';
import { queryClient } from '../../../lib/queries';

/** Tenant-scoped keys: a different tenant (impersonation) never reads another's cache. */
export const psaKeys = {
  all: (tenantId: number | null) => ['psa', tenantId] as const,
  current: (tenantId: number | null) => ['psa', tenantId, 'current'] as const,
  integration: (tenantId: number | null, vendor: CrmVendor | null, id: number | null) =>
    ['psa', tenantId, 'integration', vendor, id] as const,
  filters: (tenantId: number | null, id: number) => ['psa', tenantId, 'filters', id] as const,
  properties: (tenantId: number | null, id: number) => ['psa', tenantId, 'properties', id] as const,
  responses: (tenantId: number | null, id: number) => ['psa', tenantId, 'responses', id] as const,
  regions: ['psa', 'autotask-regions'] as const,
};

export const psaBase = (id: number) => `/api/integration/crm/${id}`;

/** Refreshes everything PSA of the tenant (after a save, delete or sync). */
export function invalidatePsa(tenantId: number | null) {
  return queryClient.invalidateQueries({ queryKey: psaKeys.all(tenantId) });
}
