// Admin of a PSA integration's company sync: the sync panel, the company filters and a preview.
import { useState } from 'react';
import Box from '@mui/material/Box';
import type { CrmFilters, CrmFiltersView } from '@vigil/contract';
import { QueryError } from '../../../../components/QueryError';
import { useSnackbar } from '../../../../components/snackbar';
import { usePsaFilters, useSavePsaFilters } from '../../api/psaFilters';
import { PsaFiltersSection } from './PsaFiltersSection';
import { PsaPreviewSection } from './PsaPreviewSection';
import { PsaSyncPanel } from './PsaSyncPanel';

const filtersOf = (v: CrmFiltersView): CrmFilters => ({
  Types: v.Types,
  Statuses: v.Statuses,
  SyncCompaniesWithoutType: v.SyncCompaniesWithoutType,
  SyncCompaniesWithoutStatus: v.SyncCompaniesWithoutStatus,
});

/**
 * Which PSA companies become Vigil companies (features §4.3): company types and statuses, the
 * sync properties, a sync now with its runtime status, and a preview of what would sync.
 */
export function PsaFiltersTab({ integrationId, canEdit }: { integrationId: number; canEdit: boolean }) {
  const snackbar = useSnackbar();
  const view = usePsaFilters(integrationId);
  const saveFilters = useSavePsaFilters(integrationId);
  const [draft, setDraft] = useState<CrmFilters | null>(null);
  const filters = draft ?? (view.data ? filtersOf(view.data) : null);
  const dirty = !!draft && !!view.data && JSON.stringify(draft) !== JSON.stringify(filtersOf(view.data));

  const submit = async () => {
    if (!draft) return;
    try {
      await saveFilters.mutateAsync(draft);
      setDraft(null);
      snackbar.success('Company filters saved');
    } catch (err) {
      snackbar.error(err);
    }
  };

  if (view.isError) return <QueryError error={view.error} onRetry={() => void view.refetch()} />;

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <PsaSyncPanel integrationId={integrationId} canEdit={canEdit} dirty={dirty} />
      <PsaFiltersSection
        integrationId={integrationId}
        canEdit={canEdit}
        view={view.data}
        filters={filters}
        setDraft={setDraft}
        dirty={dirty}
        saving={saveFilters.isPending}
        onSave={() => void submit()}
        onReloaded={() => void view.refetch()}
      />
      <PsaPreviewSection integrationId={integrationId} filters={filters} />
    </Box>
  );
}
