import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import { EVERY_DAY_FLAGS, type Schedule } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SearchField } from '../../../components/SearchField';
import { useSnackbar } from '../../../components/snackbar';
import { useTenantFormats } from '../../../lib/tenantFormats';
import {
  actionsColumn,
  DataGrid,
  gridColumnHelper,
  RowActions,
  type GridColumnDef,
  type SortingState,
} from '../../../components/grid';
import { ApiError } from '../../../lib/errors';
import { usePermissions } from '../../../lib/permissions';
import { useDeleteSchedule, useSaveSchedule, useSchedules, type ScheduleDraft } from '../api/schedules';
import { ScheduleRuleEditor, scheduleRuleError } from '../../../components/policy/ScheduleRuleEditor';

const NAME_MAX = 100;
const DEFAULT_SORT: SortingState = [{ id: 'name', desc: false }];
const col = gridColumnHelper<Schedule>();
const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

function scheduleColumns(ctx: {
  canEdit: boolean;
  onEdit: (s: Schedule) => void;
  onDelete: (s: Schedule) => void;
}): GridColumnDef<Schedule>[] {
  return [
    col.accessor('Name', {
      id: 'name',
      header: 'Name',
      size: 240,
      enableHiding: false,
      sortFn: 'text',
      meta: { tile: 'title' },
      cell: (c) => (
        <Box component="span" sx={{ fontWeight: 600 }} title={c.getValue()}>
          {c.getValue()}
        </Box>
      ),
    }),
    col.accessor('Description', {
      id: 'description',
      header: 'Runs',
      size: 360,
      enableSorting: false,
      meta: { tile: 'subtitle' },
    }),
    col.accessor('BackupsCount', {
      id: 'backups',
      header: 'Backups',
      size: 120,
      sortDescFirst: true,
      meta: { tile: 'field', align: 'right' },
      cell: (c) => c.getValue().toLocaleString('en-US'),
    }),
    ...(ctx.canEdit
      ? [
          actionsColumn<Schedule>(100, (row) => (
            <RowActions
              actions={[
                {
                  title: 'Edit',
                  label: `Edit schedule ${row.Name}`,
                  icon: <EditOutlinedIcon fontSize="small" />,
                  onClick: () => ctx.onEdit(row),
                },
                {
                  title: 'Delete',
                  label: `Delete schedule ${row.Name}`,
                  icon: <DeleteOutlineRoundedIcon fontSize="small" />,
                  onClick: () => ctx.onDelete(row),
                },
              ]}
            />
          )),
        ]
      : []),
  ];
}

/** Create or edit a named schedule: its name and rule, with the rule read back as a sentence. */
function ScheduleDialog({ draft, onClose }: { draft: ScheduleDraft | null; onClose: () => void }) {
  const snackbar = useSnackbar();
  const f = useTenantFormats();
  const save = useSaveSchedule();
  const [shown, setShown] = useState<ScheduleDraft | null>(draft);
  const [value, setValue] = useState<ScheduleDraft | null>(draft);
  const [nameError, setNameError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  if (draft && draft !== shown) {
    setShown(draft);
    setValue(draft);
    setNameError(null);
    setTried(false);
  }
  const editing = shown?.ScheduleId !== undefined;
  const ruleError = value ? scheduleRuleError(value.Rule) : null;

  const submit = async () => {
    if (!value) return;
    setTried(true);
    const name = value.Name.trim();
    if (!name) return setNameError('Name is required');
    if (ruleError) return;
    try {
      await save.mutateAsync({ ...value, Name: name });
      snackbar.success(editing ? 'Successfully updated' : 'Successfully added');
      onClose();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      if (fields.Name) setNameError(fields.Name);
      else snackbar.error(err);
    }
  };

  return (
    <Dialog
      open={!!draft}
      onClose={save.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="schedule-dialog-title"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="schedule-dialog-title">{editing ? 'Edit schedule' : 'New schedule'}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          {editing && shown && shown.ScheduleId !== undefined && (
            <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
              Backups using this schedule are re-checked by the new rule, back through their whole history.
            </Typography>
          )}
          <TextField
            autoFocus
            id="schedule-name"
            label="Name"
            required
            value={value?.Name ?? ''}
            onChange={(e) => {
              setValue((v) => v && { ...v, Name: e.target.value.replace(/^\s+/, '') });
              setNameError(null);
            }}
            error={!!nameError}
            helperText={nameError ?? ' '}
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            sx={{ mt: 1 }}
          />
          {value && (
            <ScheduleRuleEditor
              id="schedule-rule"
              value={value.Rule}
              onChange={(Rule) => setValue((v) => v && { ...v, Rule })}
              today={f.today}
            />
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending} disabled={tried && !!ruleError}>
            {editing ? 'Save' : 'Create'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** `/app/manage/schedules`: named schedules, how many backups use each, and their editor. */
export default function SchedulesPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const snackbar = useSnackbar();
  const schedules = useSchedules();
  const remove = useDeleteSchedule();
  const canEdit = usePermissions(['manage.getschedules', 'manage.editbackups']);
  const [search, setSearch] = useState('');
  const [sorting, setSorting] = useState<SortingState>(DEFAULT_SORT);
  const [draft, setDraft] = useState<ScheduleDraft | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const all = useMemo(() => schedules.data ?? [], [schedules.data]);
  const rows = useMemo(() => {
    const term = search.trim().toLowerCase();
    return term
      ? all.filter((s) => s.Name.toLowerCase().includes(term) || s.Description.toLowerCase().includes(term))
      : all;
  }, [all, search]);

  const edit = useCallback((s: Schedule) => setDraft({ ScheduleId: s.ScheduleId, Name: s.Name, Rule: s.Rule }), []);
  const askDelete = useCallback(
    (s: Schedule) =>
      setConfirm({
        title: 'Delete schedule',
        subject: s.Name,
        message: (
          <>
            {s.BackupsCount > 0 && (
              <Box component="span" sx={{ display: 'block', mb: 1 }}>
                {plural(s.BackupsCount, 'backup')} use{s.BackupsCount === 1 ? 's' : ''} it and go
                {s.BackupsCount === 1 ? 'es' : ''} back to {s.BackupsCount === 1 ? 'its' : 'their'} own schedule.
              </Box>
            )}
            Are you sure you want to delete:
          </>
        ),
        confirmLabel: 'Yes, Delete',
        action: async () => {
          await remove.mutateAsync(s.ScheduleId);
          snackbar.success('Successfully deleted');
        },
      }),
    [remove, snackbar],
  );
  const columns = useMemo(
    () => scheduleColumns({ canEdit, onEdit: edit, onDelete: askDelete }),
    [canEdit, edit, askDelete],
  );

  return (
    <>
      <PageHeader
        eyebrow="Manage"
        title="Schedules"
        subtitle={
          small
            ? undefined
            : 'Named schedules say on which days backups should run. Change one and every backup using it follows.'
        }
        actions={
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button
              variant="outlined"
              startIcon={<RefreshRoundedIcon />}
              onClick={() => void schedules.refetch()}
              loading={schedules.isFetching && !schedules.isPending}
            >
              Refresh
            </Button>
            {canEdit && (
              <Button
                variant="contained"
                startIcon={<AddRoundedIcon />}
                onClick={() => setDraft({ Name: '', Rule: { kind: 'weekly', weekdays: EVERY_DAY_FLAGS } })}
              >
                New schedule
              </Button>
            )}
          </Box>
        }
      />
      {schedules.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={schedules.error} onRetry={() => void schedules.refetch()} />
        </Box>
      )}
      <DataGrid
        id="schedules-grid"
        label="Schedules"
        columns={columns}
        data={rows}
        getRowId={(r) => String(r.ScheduleId)}
        sorting={sorting}
        onSortingChange={(s) => setSorting(s.length ? s.slice(-1) : DEFAULT_SORT)}
        onRowClick={canEdit ? edit : undefined}
        contextActions={
          canEdit
            ? [
                { label: 'Edit', onClick: edit },
                { label: 'Delete', onClick: askDelete },
              ]
            : []
        }
        loading={schedules.isPending}
        emptyText={
          schedules.isError
            ? 'The schedules could not be loaded.'
            : search
              ? 'No schedule matches this search'
              : 'No Items'
        }
        toolbar={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <SearchField id="schedules-search" label="Search" value={search} onChange={setSearch} />
            <Typography sx={{ fontSize: 14, color: 'text.secondary' }} aria-live="polite">
              {schedules.data ? plural(all.length, 'schedule') : ' '}
            </Typography>
          </Box>
        }
        height={small ? 'calc(100dvh - 200px)' : 'max(420px, calc(100vh - 260px))'}
      />
      <ScheduleDialog draft={draft} onClose={() => setDraft(null)} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
