// The admin insights grid's columns, with the recompute of one tenant at a time.
import { useMemo, useState } from 'react';
import type { AdminInsightRow } from '@vigil/contract';
import { useSnackbar } from '../../../../components/snackbar';
import { countsByType, plural } from '../../../../lib/insightText';
import { useRecomputeTenantInsights } from '../../api/insights';
import { adminInsightColumns } from './adminInsightColumns';

export function useAdminInsightColumns() {
  const snackbar = useSnackbar();
  const recompute = useRecomputeTenantInsights();
  const [busy, setBusy] = useState<number | null>(null);
  return useMemo(() => {
    const start = async (row: AdminInsightRow) => {
      setBusy(row.TenantId);
      try {
        const next = await recompute.mutateAsync(row.TenantId);
        snackbar.success(`${next.TenantName}: ${plural(countsByType(next.Insights).total, 'suggestion')}`);
      } catch (err) {
        snackbar.error(err);
      } finally {
        setBusy(null);
      }
    };
    return adminInsightColumns(busy, start);
  }, [busy, recompute, snackbar]);
}
