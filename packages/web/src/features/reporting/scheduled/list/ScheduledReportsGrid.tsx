// The scheduled reports grid: search, the count, row clicks and the right-click actions.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ScheduledReport } from '@vigil/contract';
import { SearchField } from '../../../../components/SearchField';
import { DataGrid, useLocalColumnSettings, type GridColumnDef } from '../../../../components/grid';
import type { useScheduledReports } from '../api';
import type { ScheduledFormMode } from '../form/scheduledInput';
import { plural } from './scheduledActions';

export function ScheduledReportsGrid({
  list,
  columns,
  rows,
  total,
  search,
  setSearch,
  canEdit,
  small,
  open,
  runNow,
  askDelete,
}: {
  list: ReturnType<typeof useScheduledReports>;
  columns: GridColumnDef<ScheduledReport>[];
  rows: ScheduledReport[];
  /** How many scheduled reports there are, whatever the search. */
  total: number;
  search: string;
  setSearch: (v: string) => void;
  canEdit: boolean;
  small: boolean;
  open: (mode: ScheduledFormMode, report: ScheduledReport | null) => void;
  runNow: (r: ScheduledReport) => Promise<void>;
  askDelete: (r: ScheduledReport) => void;
}) {
  const columnSettings = useLocalColumnSettings('reporting schedules');
  return (
    <DataGrid
      id="scheduled-reports-grid"
      label="Scheduled reports"
      columns={columns}
      data={rows}
      getRowId={(r) => String(r.Id)}
      defaultSorting={[{ id: 'name', desc: false }]}
      {...columnSettings}
      onRowClick={canEdit ? (r) => open('edit', r) : undefined}
      contextActions={
        canEdit
          ? [
              { label: 'Edit', onClick: (r) => open('edit', r) },
              { label: 'Copy', onClick: (r) => open('copy', r) },
              { label: 'Run now', onClick: (r) => void runNow(r) },
              { label: 'Delete', onClick: askDelete },
            ]
          : []
      }
      loading={list.isPending}
      emptyText={
        list.isError
          ? 'The scheduled reports could not be loaded.'
          : search
            ? 'No scheduled report matches this search'
            : 'No scheduled reports yet'
      }
      toolbar={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <SearchField id="scheduled-search" label="Search" value={search} onChange={setSearch} />
          <Typography sx={{ fontSize: 14, color: 'text.secondary' }} aria-live="polite">
            {list.data ? plural(total, 'scheduled report') : ' '}
          </Typography>
        </Box>
      }
      height={small ? 'calc(100dvh - 220px)' : 'max(420px, calc(100vh - 300px))'}
    />
  );
}
