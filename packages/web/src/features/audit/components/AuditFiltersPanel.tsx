import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import FilterListRoundedIcon from '@mui/icons-material/FilterListRounded';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import type { UserFilter } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { MultiSelect, type MultiSelectOption } from '../../../components/MultiSelect';
import { DebouncedSearchField } from '../../../components/SearchField';
import { useSnackbar } from '../../../components/snackbar';
import type { AuditOptions } from '../../../lib/auditApi';
import { statusColour } from '../../../components/results/StatusChip';
import {
  activeFilterCount,
  dayStatusInfo,
  EMPTY_AUDIT_FILTERS,
  fromFiltersDoc,
  sameFilters,
  STATUS_ORDER,
  statusDaysText,
  toFiltersDoc,
  type AuditFilterState,
  type DayStatusCode,
} from '../../../lib/audit';
import { ApiError } from '../../../lib/errors';
import { useDeleteUserFilter, useSaveUserFilter, useUserFilters } from '../api/audit';
import { DaysWithoutSuccessField } from './DaysWithoutSuccessField';
import { ExtraFieldFilters } from './ExtraFieldFilters';
import { SaveFilterDialog } from './SaveFilterDialog';

/** The id standing for "no company" among the company choices. */
export const NO_COMPANY_ID = -1;

function StatusSwatch({ status }: { status: number }) {
  return (
    <Box
      component="span"
      sx={(t) => ({
        width: 10,
        height: 10,
        borderRadius: '3px',
        flexShrink: 0,
        bgcolor: statusColour(t, dayStatusInfo(status).colour),
      })}
    />
  );
}

const STATUS_OPTIONS: MultiSelectOption<DayStatusCode>[] = STATUS_ORDER.map((s) => ({
  value: s,
  label: dayStatusInfo(s).label,
  adornment: <StatusSwatch status={s} />,
}));
const METHOD_OPTIONS: MultiSelectOption<'Email' | 'Api'>[] = [
  { value: 'Email', label: 'E-mail' },
  { value: 'Api', label: 'API' },
];

/**
 * The Audit filters (features §3.4): companies, statuses, vendors, methods, tags, days without
 * success, scheduled only and search, plus the saved filters ("All backups" is id -1). The
 * panel folds away; whether it is open is remembered by the page.
 */
export function AuditFiltersPanel({
  filters,
  onChange,
  options,
  optionsLoading,
  expanded,
  onToggleExpanded,
  savedId,
  onSavedIdChange,
}: {
  filters: AuditFilterState;
  onChange: (f: AuditFilterState) => void;
  options: AuditOptions | undefined;
  optionsLoading: boolean;
  expanded: boolean;
  onToggleExpanded: () => void;
  savedId: number;
  onSavedIdChange: (id: number) => void;
}) {
  const snackbar = useSnackbar();
  const userFilters = useUserFilters();
  const save = useSaveUserFilter();
  const remove = useDeleteUserFilter();
  const [saveOpen, setSaveOpen] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const count = activeFilterCount(filters);
  const saved: UserFilter[] = userFilters.data ?? [{ id: -1, name: 'All backups', filters: {} }];
  const current = saved.find((f) => f.id === savedId) ?? saved[0];
  const modified = current ? !sameFilters(fromFiltersDoc(current.filters), filters) : false;
  const set = (patch: Partial<AuditFilterState>) => onChange({ ...filters, ...patch });
  // A dashboard Count tile's range: its statuses on any of its days, said beside the search.
  const statusDays = statusDaysText(filters);

  const companyOptions: MultiSelectOption<number>[] = (options?.companies ?? []).map((c) => ({
    value: c.id ?? NO_COMPANY_ID,
    label: c.name,
  }));
  const vendorOptions: MultiSelectOption<string>[] = (options?.vendors ?? []).map((v) => ({
    value: v.id,
    label: v.name,
  }));
  const tagOptions: MultiSelectOption<string>[] = (options?.tags ?? []).map((t) => ({ value: t, label: t }));
  const companyValue = [...(filters.includeNoCompany ? [NO_COMPANY_ID] : []), ...filters.companies];
  const saveError = save.error instanceof ApiError ? (save.error.fieldErrors.name ?? save.error.message) : null;

  const chooseSaved = (id: number) => {
    const f = saved.find((x) => x.id === id);
    if (!f) return;
    onSavedIdChange(id);
    onChange(f.id === -1 ? EMPTY_AUDIT_FILTERS : fromFiltersDoc(f.filters));
  };

  return (
    <Paper variant="outlined" sx={{ borderRadius: '14px', mb: 2 }} component="section" aria-label="Filters">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', px: 2, py: 1.25 }}>
        <Button
          onClick={onToggleExpanded}
          aria-label={count ? `Filters, ${count} set` : 'Filters'}
          aria-expanded={expanded}
          aria-controls="audit-filters-body"
          startIcon={
            <Badge badgeContent={count} color="primary" invisible={count === 0}>
              <FilterListRoundedIcon />
            </Badge>
          }
          endIcon={
            <ExpandMoreRoundedIcon
              sx={{ transition: 'transform 150ms', transform: expanded ? 'rotate(180deg)' : 'none' }}
            />
          }
          color="inherit"
          sx={{ fontWeight: 650 }}
        >
          Filters
        </Button>
        <Box sx={{ flex: '1 1 220px', minWidth: 200, maxWidth: 360 }}>
          <DebouncedSearchField
            id="audit-search"
            label="Search backups"
            value={filters.search}
            onCommit={(search) => set({ search })}
          />
        </Box>
        {statusDays && (
          <Typography id="audit-filter-status-days" sx={{ fontSize: 13, color: 'text.secondary' }}>
            {statusDays} ·{' '}
            <Link component="button" type="button" onClick={() => set({ statusDays: null })} sx={{ fontSize: 13 }}>
              Selected date only
            </Link>
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
          <TextField
            select
            id="audit-saved-filter"
            label="Saved filter"
            size="small"
            value={current?.id ?? -1}
            onChange={(e) => chooseSaved(Number(e.target.value))}
            fullWidth={false}
            sx={{ width: { xs: 200, sm: 250 } }}
            slotProps={{
              select: {
                renderValue: (v) => {
                  const f = saved.find((x) => x.id === v);
                  return `${f?.name ?? 'All backups'}${modified ? ' (modified)' : ''}`;
                },
              },
            }}
          >
            {saved.map((f) => (
              <MenuItem key={f.id} value={f.id}>
                {f.name}
              </MenuItem>
            ))}
          </TextField>
          {current && current.id !== -1 && modified && (
            <Tooltip title={`Save the filters into "${current.name}"`}>
              <IconButton
                aria-label={`Save into ${current.name}`}
                onClick={() =>
                  save.mutate(
                    { id: current.id, name: current.name, filters: toFiltersDoc(filters) },
                    {
                      onSuccess: () => snackbar.success(`Saved "${current.name}"`),
                      onError: (err) => snackbar.error(err),
                    },
                  )
                }
              >
                <SaveOutlinedIcon />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title="Save filters as…">
            <IconButton
              aria-label="Save filters as"
              onClick={() => {
                save.reset();
                setSaveOpen(true);
              }}
            >
              <BookmarkAddOutlinedIcon />
            </IconButton>
          </Tooltip>
          {current && current.id !== -1 && (
            <Tooltip title={`Delete "${current.name}"`}>
              <IconButton
                aria-label={`Delete saved filter ${current.name}`}
                onClick={() =>
                  setConfirm({
                    title: 'Delete saved filter',
                    subject: current.name,
                    confirmLabel: 'Yes, Delete',
                    action: async () => {
                      await remove.mutateAsync(current.id);
                      onSavedIdChange(-1);
                      snackbar.success(`Deleted "${current.name}"`);
                    },
                  })
                }
              >
                <DeleteOutlineRoundedIcon />
              </IconButton>
            </Tooltip>
          )}
          {count > 0 && (
            <Button
              size="small"
              onClick={() => {
                onSavedIdChange(-1);
                onChange(EMPTY_AUDIT_FILTERS);
              }}
            >
              Clear all
            </Button>
          )}
        </Box>
      </Box>
      <Collapse in={expanded} id="audit-filters-body">
        <Box
          sx={{
            px: 2,
            pt: 1,
            pb: 2,
            borderTop: 1,
            borderColor: 'divider',
            display: 'grid',
            gap: 1.5,
            // Wide enough that a focused multi-select keeps one line (no jump when it loses focus).
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 180px), 1fr))',
            alignItems: 'center',
          }}
        >
          <MultiSelect
            id="audit-filter-companies"
            label="Companies"
            options={companyOptions}
            loading={optionsLoading}
            value={companyValue}
            onChange={(v) =>
              set({ companies: v.filter((x) => x !== NO_COMPANY_ID), includeNoCompany: v.includes(NO_COMPANY_ID) })
            }
          />
          <MultiSelect
            id="audit-filter-statuses"
            label="Statuses"
            options={STATUS_OPTIONS}
            value={filters.statuses}
            onChange={(statuses) => set({ statuses })}
          />
          <MultiSelect
            id="audit-filter-vendors"
            label="Vendors"
            options={vendorOptions}
            loading={optionsLoading}
            value={filters.vendors}
            onChange={(vendors) => set({ vendors })}
          />
          <MultiSelect
            id="audit-filter-methods"
            label="Methods"
            options={METHOD_OPTIONS}
            value={filters.methods}
            onChange={(methods) => set({ methods })}
          />
          <MultiSelect
            id="audit-filter-tags"
            label="Tags"
            options={tagOptions}
            loading={optionsLoading}
            value={filters.tags}
            onChange={(tags) => set({ tags })}
            noOptionsText="No tags"
          />
          <ExtraFieldFilters value={filters.extraFields ?? []} onChange={(extraFields) => set({ extraFields })} />
          <DaysWithoutSuccessField
            value={filters.daysWithoutSuccess}
            onChange={(daysWithoutSuccess) => set({ daysWithoutSuccess })}
          />
          <FormControlLabel
            control={
              <Switch
                id="audit-filter-scheduled"
                checked={filters.scheduledOnly}
                onChange={(e) => set({ scheduledOnly: e.target.checked })}
              />
            }
            label={<Typography sx={{ fontSize: 14, lineHeight: 1.25 }}>Scheduled only</Typography>}
            title="Backups due on the selected day"
            sx={{ ml: 0, mr: 0 }}
          />
        </Box>
      </Collapse>
      <SaveFilterDialog
        open={saveOpen}
        onClose={() => setSaveOpen(false)}
        busy={save.isPending}
        error={saveError}
        onSave={(name) =>
          save.mutate(
            { name, filters: toFiltersDoc(filters) },
            {
              onSuccess: (f) => {
                setSaveOpen(false);
                onSavedIdChange(f.id);
                snackbar.success(`Saved "${f.name}"`);
              },
            },
          )
        }
      />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Paper>
  );
}
