import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTenantId } from './auditApi';
import { api } from './session';

export interface VendorChoice {
  /** The vendor's id as stored on backups and in rules (e.g. `veeam-br`). */
  Id: string;
  /** What people call it (e.g. "Veeam Backup & Replication"). */
  Name: string;
  Count: number;
}

/** GET /api/backup/vendor/all: every vendor the parser knows, plus any the tenant's backups name. */
export function useVendors() {
  const t = useTenantId();
  return useQuery({
    queryKey: ['vendors', t, 'all'],
    queryFn: () => api.get<VendorChoice[]>('/api/backup/vendor/all'),
    staleTime: 5 * 60_000,
  });
}

/** A vendor's name from its id; the id itself while the list loads or for a vendor it does not know. */
export function useVendorName(): (id: string | null | undefined) => string {
  const list = useVendors().data;
  return useCallback((id) => (id ? (list?.find((v) => v.Id === id)?.Name ?? id) : ''), [list]);
}
