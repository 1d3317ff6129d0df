import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import SyncRoundedIcon from '@mui/icons-material/SyncRounded';
import type {
  CompanyFiltersPreview,
  CompanySyncResult,
  CrmFilterOption,
  CrmFilters,
  CrmFiltersView,
} from '@vigil/contract';
import { QueryError } from '../../../../components/QueryError';
import { useSnackbar } from '../../../../components/snackbar';
import { useAuth } from '../../../../lib/queries';
import { invalidatePsa, usePsaFilters, usePsaProperties, useSavePsaFilters, useSavePsaProperties } from '../../api/psa';
import { OperationStatusLine } from './OperationStatus';
import { useOperation } from '../useOperation';

const filtersOf = (v: CrmFiltersView): CrmFilters => ({
  Types: v.Types,
  Statuses: v.Statuses,
  SyncCompaniesWithoutType: v.SyncCompaniesWithoutType,
  SyncCompaniesWithoutStatus: v.SyncCompaniesWithoutStatus,
});

function OptionList({
  title,
  options,
  selected,
  disabled,
  onToggle,
  showActive,
}: {
  title: string;
  options: CrmFilterOption[];
  selected: string[];
  disabled: boolean;
  onToggle: (id: string) => void;
  showActive?: boolean;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: '14px' }} component="fieldset">
      <Typography component="legend" sx={{ fontWeight: 650, px: 0.5 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', fontSize: 13, mb: 1 }}>
        {selected.length ? `${selected.length} of ${options.length} chosen` : 'None chosen: every one syncs'}
      </Typography>
      {options.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>No Items</Typography>
      ) : (
        <Box sx={{ maxHeight: 280, overflow: 'auto', display: 'flex', flexDirection: 'column' }}>
          {options.map((o) => (
            <FormControlLabel
              key={o.Id}
              control={
                <Checkbox
                  size="small"
                  checked={selected.includes(o.Id)}
                  onChange={() => onToggle(o.Id)}
                  disabled={disabled}
                />
              }
              label={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                  {o.Name}
                  {showActive && o.IsActive !== undefined && (
                    <Chip
                      size="small"
                      variant="outlined"
                      color={o.IsActive ? 'success' : 'default'}
                      label={o.IsActive ? 'Active' : 'Inactive'}
                      sx={{ height: 20, fontSize: 11.5 }}
                    />
                  )}
                </Box>
              }
            />
          ))}
        </Box>
      )}
    </Paper>
  );
}

/**
 * Which PSA companies become Vigil companies (features §4.3): company types and statuses, the
 * sync properties, a sync now with its runtime status, and a preview of what would sync.
 */
export function PsaFiltersTab({ integrationId, canEdit }: { integrationId: number; canEdit: boolean }) {
  const auth = useAuth();
  const snackbar = useSnackbar();
  const view = usePsaFilters(integrationId);
  const props = usePsaProperties(integrationId);
  const saveFilters = useSavePsaFilters(integrationId);
  const saveProps = useSavePsaProperties(integrationId);
  const [draft, setDraft] = useState<CrmFilters | null>(null);
  const filters = draft ?? (view.data ? filtersOf(view.data) : null);
  const dirty = !!draft && !!view.data && JSON.stringify(draft) !== JSON.stringify(filtersOf(view.data));

  const sync = useOperation<CompanySyncResult>(integrationId, 'companies-sync', (op) => {
    void invalidatePsa(auth?.tenantId ?? null);
    if (op.Status === 'completed') snackbar.success('Companies synced');
  });
  const options = useOperation<unknown>(integrationId, 'filters-sync', () => void view.refetch());
  const preview = useOperation<CompanyFiltersPreview>(integrationId, 'company-filters');

  const toggle = (key: 'Types' | 'Statuses', id: string) =>
    filters &&
    setDraft({
      ...filters,
      [key]: filters[key].includes(id) ? filters[key].filter((x) => x !== id) : [...filters[key], id],
    });

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

  const setProp = (key: 'AutoSync' | 'DetachMissing', value: boolean) => {
    if (!props.data) return;
    saveProps.mutate(
      { ...props.data, [key]: value },
      {
        onSuccess: () => snackbar.success('Sync settings saved'),
        onError: (err) => snackbar.error(err),
      },
    );
  };

  const result = sync.op?.Status === 'completed' ? sync.op.Data : null;
  const previewData = preview.op?.Status === 'completed' ? preview.op.Data : null;
  const previewRows = previewData?.Companies ?? null;

  if (view.isError) return <QueryError error={view.error} onRetry={() => void view.refetch()} />;

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: '14px' }} aria-labelledby="psa-sync-title">
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, minWidth: 220 }}>
            <Typography id="psa-sync-title" variant="h6" component="h2" sx={{ fontSize: 17 }}>
              Company sync
            </Typography>
            <Typography sx={{ color: 'text.secondary', fontSize: 14, mt: 0.5 }}>
              PSA companies that pass the filters below become companies in Vigil; a local company with the same name
              becomes the PSA company.
            </Typography>
          </Box>
          {canEdit && (
            <Button
              variant="contained"
              startIcon={<SyncRoundedIcon />}
              onClick={() => void sync.start()}
              loading={sync.running}
              disabled={dirty}
              title={dirty ? 'Save the filters first' : undefined}
            >
              Sync companies now
            </Button>
          )}
        </Box>
        <OperationStatusLine
          op={sync.op}
          error={sync.error}
          testId="psa-sync-status"
          doneText={
            result
              ? `Completed: ${result.Created} created, ${result.Updated} updated, ${result.Detached} made local (${result.Total} in the PSA)`
              : undefined
          }
        />
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mt: 2 }}>
          <FormControlLabel
            control={
              <Switch
                checked={props.data?.AutoSync ?? false}
                onChange={(e) => setProp('AutoSync', e.target.checked)}
                disabled={!canEdit || !props.data || saveProps.isPending}
              />
            }
            label="Sync every night"
          />
          <FormControlLabel
            control={
              <Switch
                checked={props.data?.DetachMissing ?? false}
                onChange={(e) => setProp('DetachMissing', e.target.checked)}
                disabled={!canEdit || !props.data || saveProps.isPending}
              />
            }
            label="Make companies gone from the PSA local"
          />
        </Box>
      </Paper>

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
        {!filters || !view.data ? (
          <Skeleton height={220} />
        ) : (
          <>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mt: 1 }}>
              <OptionList
                title="Company types"
                options={view.data.TypeOptions}
                selected={filters.Types}
                disabled={!canEdit}
                onToggle={(id) => toggle('Types', id)}
              />
              <OptionList
                title="Company statuses"
                options={view.data.StatusOptions}
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
            {canEdit && (
              <Box sx={{ display: 'flex', gap: 1, mt: 1.5 }}>
                <Button
                  variant="contained"
                  onClick={() => void submit()}
                  disabled={!dirty}
                  loading={saveFilters.isPending}
                >
                  Save filters
                </Button>
                <Button onClick={() => setDraft(null)} disabled={!dirty || saveFilters.isPending}>
                  Discard changes
                </Button>
              </Box>
            )}
          </>
        )}
      </Box>

      <Box component="section" aria-labelledby="psa-preview-title">
        <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, flexWrap: 'wrap', mb: 1 }}>
          <Box sx={{ flex: 1, minWidth: 220 }}>
            <Typography id="psa-preview-title" variant="h6" component="h2" sx={{ fontSize: 17 }}>
              Preview
            </Typography>
            <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>
              The PSA companies these filters let through (saved or not), read live from the PSA.
            </Typography>
          </Box>
          <Button
            variant="outlined"
            onClick={() => void preview.start({ Filters: filters })}
            loading={preview.running}
            disabled={!filters}
          >
            Preview companies
          </Button>
        </Box>
        <OperationStatusLine
          op={preview.op}
          error={preview.error}
          onCancel={() => void preview.cancel()}
          doneText={
            previewData ? `${previewData.Matching} of ${previewData.Total} PSA companies would sync` : undefined
          }
          testId="psa-preview-status"
        />
        {previewRows && previewRows.length > 0 && (
          <Paper variant="outlined" sx={{ mt: 1.5, borderRadius: '14px', overflow: 'auto', maxHeight: 420 }}>
            <Table size="small" stickyHeader aria-label="Companies that would sync">
              <TableHead>
                <TableRow>
                  <TableCell>Company</TableCell>
                  <TableCell>Identifier</TableCell>
                  <TableCell>Active</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {previewRows.map((c) => (
                  <TableRow key={c.Id}>
                    <TableCell>{c.Name}</TableCell>
                    <TableCell>{c.Identifier ?? '-'}</TableCell>
                    <TableCell>{c.IsActive ? 'Yes' : 'No'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        )}
      </Box>
    </Box>
  );
}
