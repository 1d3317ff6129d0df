// The company filters of a PSA integration: reload the options, choose, save or discard.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import SyncRoundedIcon from '@mui/icons-material/SyncRounded';
import type { CrmFilters, CrmFiltersView } from '@vigil/contract';
import { OperationStatusLine } from './OperationStatus';
import { PsaFilterChoices } from './PsaFilterChoices';
import { useOperation } from '../useOperation';

export function PsaFiltersSection({
  integrationId,
  canEdit,
  view,
  filters,
  setDraft,
  dirty,
  saving,
  onSave,
  onReloaded,
}: {
  integrationId: number;
  canEdit: boolean;
  view: CrmFiltersView | undefined;
  filters: CrmFilters | null;
  setDraft: (next: CrmFilters | null) => void;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onReloaded: () => void;
}) {
  const options = useOperation<unknown>(integrationId, 'filters-sync', onReloaded);

  return (
    <Box component="section" aria-labelledby="psa-filters-title">
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, flexWrap: 'wrap', mb: 1.5 }}>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Typography id="psa-filters-title" variant="h6" component="h2" sx={{ fontSize: 17 }}>
            Company filters
          </Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>
            Only companies of the chosen types and statuses sync. Choose none to sync all.
          </Typography>
        </Box>
        {canEdit && (
          <Button onClick={() => void options.start()} loading={options.running} startIcon={<SyncRoundedIcon />}>
            Reload options from the PSA
          </Button>
        )}
      </Box>
      <OperationStatusLine op={options.op} error={options.error} doneText="Options reloaded" />
      {!filters || !view ? (
        <Skeleton height={220} />
      ) : (
        <>
          <PsaFilterChoices view={view} filters={filters} setDraft={setDraft} canEdit={canEdit} />
          {canEdit && (
            <Box sx={{ display: 'flex', gap: 1, mt: 1.5 }}>
              <Button variant="contained" onClick={() => onSave()} disabled={!dirty} loading={saving}>
                Save filters
              </Button>
              <Button onClick={() => setDraft(null)} disabled={!dirty || saving}>
                Discard changes
              </Button>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
