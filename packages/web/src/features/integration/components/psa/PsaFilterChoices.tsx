// The company types and statuses to sync, and whether companies without either sync.
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { CrmFilters, CrmFiltersView } from '@vigil/contract';
import { PsaOptionList } from './PsaOptionList';

export function PsaFilterChoices({
  view,
  filters,
  setDraft,
  canEdit,
}: {
  view: CrmFiltersView;
  filters: CrmFilters;
  setDraft: (next: CrmFilters) => void;
  canEdit: boolean;
}) {
  const toggle = (key: 'Types' | 'Statuses', id: string) =>
    setDraft({
      ...filters,
      [key]: filters[key].includes(id) ? filters[key].filter((x) => x !== id) : [...filters[key], id],
    });

  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mt: 1 }}>
        <PsaOptionList
          title="Company types"
          options={view.TypeOptions}
          selected={filters.Types}
          disabled={!canEdit}
          onToggle={(id) => toggle('Types', id)}
        />
        <PsaOptionList
          title="Company statuses"
          options={view.StatusOptions}
          selected={filters.Statuses}
          disabled={!canEdit}
          onToggle={(id) => toggle('Statuses', id)}
          showActive
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mt: 1.5 }}>
        <FormControlLabel
          control={
            <Switch
              checked={filters.SyncCompaniesWithoutType}
              onChange={(e) => setDraft({ ...filters, SyncCompaniesWithoutType: e.target.checked })}
              disabled={!canEdit}
            />
          }
          label="Sync companies without a type"
        />
        <FormControlLabel
          control={
            <Switch
              checked={filters.SyncCompaniesWithoutStatus}
              onChange={(e) => setDraft({ ...filters, SyncCompaniesWithoutStatus: e.target.checked })}
              disabled={!canEdit}
            />
          }
          label="Sync companies without a status"
        />
      </Box>
    </>
  );
}
