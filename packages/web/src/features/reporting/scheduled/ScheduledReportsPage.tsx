import { useCallback, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import { REPORT_TYPES, type ScheduledReport } from '@vigil/contract';
import { useTenantFormats, useTenantTimeFormat } from '../../../lib/tenantFormats';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SearchField } from '../../../components/SearchField';
import { useSnackbar } from '../../../components/snackbar';
import { useWindowManager } from '../../../components/WindowManagerProvider';
import { usePermissions } from '../../../lib/permissions';
import {
  actionsColumn,
  DataGrid,
  gridColumnHelper,
  RowActions,
  useLocalColumnSettings,
  type GridColumnDef,
} from '../../../components/grid';
import {
  runOf,
  useDeleteScheduledReport,
  useRunScheduledReport,
  useSaveScheduledReport,
  useScheduledReports,
  useScheduledTableUpdates,
} from './api';
import { formatLabel, initialInput, ScheduledReportForm, type ScheduledFormMode } from './ScheduledReportForm';
import { hourText, sizeText, weekdaysText } from '../../../lib/schedule';
import { openScheduledEditor, scheduledEditorTitle } from './windows';

const col = gridColumnHelper<ScheduledReport>();
const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

interface Actions {
  onEdit: (r: ScheduledReport) => void;
  onCopy: (r: ScheduledReport) => void;
  onRun: (r: ScheduledReport) => void;
  onDelete: (r: ScheduledReport) => void;
  onToggle: (r: ScheduledReport, enabled: boolean) => void;
  running: number | null;
  toggling: number | null;
}

function LastRunCell({ report, dateTime }: { report: ScheduledReport; dateTime: (v: string) => string }) {
  const run = report.LastRun;
  if (!run) return <Typography sx={{ fontSize: 'inherit', color: 'text.disabled' }}>Never</Typography>;
  const failed = run.Outcome === 'Failed';
  const text = `${dateTime(run.At)} · ${failed ? 'Failed' : 'Sent'}${run.SizeBytes !== null && !failed ? ` · ${sizeText(run.SizeBytes)}` : ''}`;
  return (
    <Tooltip title={failed ? (run.Error ?? 'Failed') : `Sent to ${run.Recipients.join(', ')}`}>
      <Box
        component="span"
        data-outcome={run.Outcome}
        sx={{ color: failed ? 'error.main' : 'text.primary', fontWeight: failed ? 600 : 400 }}
      >
        {text}
      </Box>
    </Tooltip>
  );
}

function scheduledColumns(
  a: Actions,
  f: { dateTime: (v: string) => string; timeFormat: string; canEdit: boolean },
): GridColumnDef<ScheduledReport>[] {
  return [
    col.accessor('Name', {
      id: 'name',
      header: 'Name',
      size: 200,
      enableHiding: false,
      sortFn: 'text',
      meta: { tile: 'title' },
      cell: (c) => (
        <Box component="span" sx={{ fontWeight: 600 }} title={c.getValue()}>
          {c.getValue()}
        </Box>
      ),
    }),
    col.accessor((r) => REPORT_TYPES[r.ReportType]?.title ?? r.ReportType, {
      id: 'report',
      header: 'Report',
      size: 180,
      sortFn: 'text',
      meta: { tile: 'subtitle' },
    }),
    col.accessor((r) => formatLabel(r.Format), { id: 'format', header: 'Format', size: 80, meta: { tile: 'field' } }),
    col.accessor((r) => weekdaysText(r.Weekdays), { id: 'days', header: 'Days', size: 120, meta: { tile: 'field' } }),
    col.accessor('Hour', {
      id: 'hour',
      header: 'Hour',
      size: 95,
      meta: { tile: 'field' },
      cell: (c) => hourText(c.getValue(), f.timeFormat),
    }),
    col.accessor((r) => r.Recipients.join(', '), {
      id: 'recipients',
      header: 'Recipients',
      size: 190,
      sortFn: 'text',
      meta: { tile: 'field' },
      cell: (c) => (
        <Box component="span" title={c.getValue()}>
          {c.getValue()}
        </Box>
      ),
    }),
    col.accessor((r) => (r.IsEnabled ? (r.NextRunAt ?? '') : ''), {
      id: 'next',
      header: 'Next run',
      size: 165,
      meta: { tile: 'field' },
      cell: (c) => (c.getValue() ? f.dateTime(c.getValue()) : '—'),
    }),
    col.accessor((r) => r.LastRun?.At ?? '', {
      id: 'last',
      header: 'Last run',
      size: 250,
      meta: { tile: 'field' },
      cell: (c) => <LastRunCell report={c.row.original} dateTime={f.dateTime} />,
    }),
    col.accessor('IsEnabled', {
      id: 'enabled',
      header: 'Enabled',
      size: 90,
      meta: { tile: 'field', align: 'center' },
      cell: (c) => (
        <Switch
          size="small"
          checked={c.getValue()}
          disabled={!f.canEdit || a.toggling === c.row.original.Id}
          onClick={(e) => e.stopPropagation()}
          onChange={(e) => a.onToggle(c.row.original, e.target.checked)}
          slotProps={{ input: { 'aria-label': `Enabled: ${c.row.original.Name}` } }}
        />
      ),
    }),
    actionsColumn<ScheduledReport>(150, (r) => {
      const action = (title: string, icon: ReactNode, onClick: () => void, disabled = !f.canEdit) => ({
        title,
        label: `${title}: ${r.Name}`,
        icon,
        onClick,
        disabled,
      });
      return (
        <RowActions
          actions={[
            action('Edit', <EditRoundedIcon fontSize="small" />, () => a.onEdit(r)),
            action('Copy', <ContentCopyRoundedIcon fontSize="small" />, () => a.onCopy(r)),
            action('Run now', <SendRoundedIcon fontSize="small" />, () => a.onRun(r), !f.canEdit || a.running === r.Id),
            action('Delete', <DeleteOutlineRoundedIcon fontSize="small" />, () => a.onDelete(r)),
          ]}
        />
      );
    }),
  ];
}

/** `/app/reporting/scheduled`: reports mailed on chosen days at an hour, with their last runs. */
export default function ScheduledReportsPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const snackbar = useSnackbar();
  const manager = useWindowManager();
  const formats = useTenantFormats();
  const timeFormat = useTenantTimeFormat();
  const list = useScheduledReports();
  const save = useSaveScheduledReport();
  const remove = useDeleteScheduledReport();
  const run = useRunScheduledReport();
  const columnSettings = useLocalColumnSettings('reporting schedules');
  useScheduledTableUpdates();
  const [search, setSearch] = useState('');
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [editing, setEditing] = useState<{ mode: ScheduledFormMode; report: ScheduledReport | null } | null>(null);
  const [running, setRunning] = useState<number | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);
  const canEdit = usePermissions(['reporting.editscheduledreports']);

  const all = useMemo(() => list.data ?? [], [list.data]);
  const rows = useMemo(() => {
    const term = search.trim().toLowerCase();
    if (!term) return all;
    return all.filter((r) =>
      [r.Name, REPORT_TYPES[r.ReportType]?.title ?? '', ...r.Recipients].some((x) => x.toLowerCase().includes(term)),
    );
  }, [all, search]);

  const open = useCallback(
    (mode: ScheduledFormMode, report: ScheduledReport | null) => {
      if (!small && openScheduledEditor(manager, mode, report?.Id ?? null)) return;
      setEditing({ mode, report });
    },
    [manager, small],
  );

  const runNow = useCallback(
    async (r: ScheduledReport) => {
      setRunning(r.Id);
      try {
        const result = runOf(await run.mutateAsync(r.Id));
        if (result?.Outcome === 'Failed') snackbar.error(result.Error ?? `${r.Name} could not be sent`);
        else {
          const n = result?.Recipients.length ?? r.Recipients.length;
          snackbar.success(`Report sent to ${plural(n, 'recipient')}`);
        }
      } catch (err) {
        snackbar.error(err);
      } finally {
        setRunning(null);
      }
    },
    [run, snackbar],
  );

  const toggle = useCallback(
    async (r: ScheduledReport, enabled: boolean) => {
      setToggling(r.Id);
      try {
        await save.mutateAsync({ id: r.Id, input: { ...initialInput(r, 'edit'), IsEnabled: enabled } });
        snackbar.success(enabled ? `${r.Name} is enabled` : `${r.Name} is paused`);
      } catch (err) {
        snackbar.error(err);
      } finally {
        setToggling(null);
      }
    },
    [save, snackbar],
  );

  const askDelete = useCallback(
    (r: ScheduledReport) =>
      setConfirm({
        title: 'Delete scheduled report',
        subject: r.Name,
        confirmLabel: 'Yes, Delete',
        action: async () => {
          await remove.mutateAsync(r.Id);
          snackbar.success('Successfully deleted');
        },
      }),
    [remove, snackbar],
  );

  const columns = useMemo(
    () =>
      scheduledColumns(
        {
          onEdit: (r) => open('edit', r),
          onCopy: (r) => open('copy', r),
          onRun: (r) => void runNow(r),
          onDelete: askDelete,
          onToggle: (r, v) => void toggle(r, v),
          running,
          toggling,
        },
        { dateTime: formats.dateTime, timeFormat, canEdit },
      ),
    [open, runNow, askDelete, toggle, running, toggling, formats.dateTime, timeFormat, canEdit],
  );

  return (
    <>
      <PageHeader
        eyebrow="Reporting"
        title="Scheduled Reports"
        subtitle={
          small
            ? undefined
            : `Reports e-mailed on the chosen days at the chosen hour (${formats.timeZone}), each run covering its date range up to that day.`
        }
        actions={
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button
              variant="outlined"
              startIcon={<RefreshRoundedIcon />}
              onClick={() => void list.refetch()}
              loading={list.isFetching && !list.isPending}
            >
              Refresh
            </Button>
            <Button
              variant="contained"
              startIcon={<AddRoundedIcon />}
              disabled={!canEdit}
              onClick={() => open('create', null)}
            >
              New
            </Button>
          </Box>
        }
      />
      {list.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      )}
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
              {list.data ? plural(all.length, 'scheduled report') : ' '}
            </Typography>
          </Box>
        }
        height={small ? 'calc(100dvh - 220px)' : 'max(420px, calc(100vh - 300px))'}
      />
      <Dialog
        open={!!editing}
        onClose={() => setEditing(null)}
        fullWidth
        maxWidth="md"
        fullScreen={small}
        aria-labelledby="scheduled-editor-title"
      >
        <DialogTitle id="scheduled-editor-title">
          {editing ? scheduledEditorTitle(editing.mode, editing.report?.Id ?? null) : ''}
        </DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          {editing && (
            <ScheduledReportForm
              mode={editing.mode}
              id={editing.report?.Id ?? null}
              source={editing.report}
              onSaved={() => setEditing(null)}
              onCancel={() => setEditing(null)}
            />
          )}
        </DialogContent>
      </Dialog>
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
