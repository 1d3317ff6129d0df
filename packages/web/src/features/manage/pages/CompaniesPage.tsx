import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import MergeTypeRoundedIcon from '@mui/icons-material/MergeTypeRounded';
import RuleRoundedIcon from '@mui/icons-material/RuleRounded';
import { CompanyType, SEARCH_DEBOUNCE_MS, type CompanyListItem, type CompanyOption } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SearchField } from '../../../components/SearchField';
import { useSnackbar } from '../../../components/snackbar';
import { useWindowManager } from '../../../components/WindowManagerProvider';
import { actionsColumn, DataGrid, gridColumnHelper, RowActions, type GridColumnDef } from '../../../components/grid';
import { ApiError } from '../../../lib/errors';
import { usePermissions } from '../../../lib/permissions';
import {
  useCompanyList,
  useCompanyTableUpdates,
  useCreateCompany,
  useDeleteCompany,
  useReplaceCompany,
  useUpdateCompany,
} from '../api/companies';
import { CompanyPicker } from '../components/CompanyPicker';
import { openCompanyApply } from '../companiesWindows';

const NAME_MAX = 200;
const col = gridColumnHelper<CompanyListItem>();
const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

interface Ctx {
  canEdit: boolean;
  onRules: (c: CompanyListItem) => void;
  onEdit: (c: CompanyListItem) => void;
  onReplace: (c: CompanyListItem) => void;
  onDelete: (c: CompanyListItem) => void;
}

function companyColumns(ctx: Ctx): GridColumnDef<CompanyListItem>[] {
  return [
    col.accessor('Name', {
      id: 'name',
      header: 'Name',
      size: 320,
      enableHiding: false,
      enableSorting: false,
      meta: { tile: 'title' },
      cell: (c) => (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Box
            component="span"
            sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' }}
            title={c.getValue()}
          >
            {c.getValue()}
          </Box>
          {c.row.original.Type === CompanyType.Psa && <Chip label="PSA" size="small" color="primary" />}
        </Box>
      ),
    }),
    col.accessor('Code', {
      id: 'code',
      header: 'Plus-address code',
      size: 180,
      enableSorting: false,
      meta: { tile: 'field' },
      cell: (c) => c.getValue() ?? '-',
    }),
    col.accessor('BackupCount', {
      id: 'backups',
      header: 'Active backups',
      size: 140,
      enableSorting: false,
      meta: { tile: 'field', align: 'right' },
      cell: (c) => c.getValue().toLocaleString('en-US'),
    }),
    col.accessor('HasRules', {
      id: 'rules',
      header: 'Rules',
      size: 110,
      enableSorting: false,
      meta: { tile: 'field' },
      cell: (c) => (c.getValue() ? <Chip label="Rules" size="small" variant="outlined" color="success" /> : 'None'),
    }),
    actionsColumn<CompanyListItem>(ctx.canEdit ? 160 : 60, (row) => (
      <RowActions
        actions={[
          {
            title: `Rules of ${row.Name}`,
            icon: <RuleRoundedIcon fontSize="small" />,
            onClick: () => ctx.onRules(row),
          },
          ctx.canEdit && {
            title: `Rename ${row.Name}`,
            icon: <EditOutlinedIcon fontSize="small" />,
            onClick: () => ctx.onEdit(row),
          },
          ctx.canEdit && {
            title: `Replace ${row.Name} with another company`,
            icon: <MergeTypeRoundedIcon fontSize="small" />,
            onClick: () => ctx.onReplace(row),
          },
          ctx.canEdit && {
            title: `Delete ${row.Name}`,
            icon: <DeleteOutlineRoundedIcon fontSize="small" />,
            onClick: () => ctx.onDelete(row),
          },
        ]}
      />
    )),
  ];
}

interface Draft {
  Id?: number;
  Name: string;
  Code: string;
}

/** Create a company (a name) or edit one (name and plus-address code). */
function CompanyDialog({ draft, onClose }: { draft: Draft | null; onClose: () => void }) {
  const snackbar = useSnackbar();
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const [shown, setShown] = useState<Draft | null>(draft);
  const [value, setValue] = useState<Draft | null>(draft);
  const [errors, setErrors] = useState<{ Name?: string; Code?: string }>({});
  if (draft && draft !== shown) {
    setShown(draft);
    setValue(draft);
    setErrors({});
  }
  const editing = shown?.Id !== undefined;
  const busy = create.isPending || update.isPending;

  const submit = async () => {
    if (!value) return;
    const name = value.Name.trim();
    if (!name) return setErrors({ Name: 'Name is a required field' });
    try {
      if (value.Id === undefined) await create.mutateAsync(name);
      else await update.mutateAsync({ Id: value.Id, Name: name, Code: value.Code.trim() || null });
      snackbar.success(editing ? 'Successfully updated' : 'Successfully added');
      onClose();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      if (fields.Name || fields.Code) setErrors({ Name: fields.Name, Code: fields.Code });
      else snackbar.error(err);
    }
  };

  return (
    <Dialog open={!!draft} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="company-dlg">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="company-dlg">{editing ? 'Rename company' : 'New company'}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <TextField
            autoFocus
            id="company-name"
            label="Name"
            required
            value={value?.Name ?? ''}
            onChange={(e) => {
              setValue((v) => v && { ...v, Name: e.target.value.replace(/^\s+/, '') });
              setErrors({});
            }}
            error={!!errors.Name}
            helperText={errors.Name ?? ' '}
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            sx={{ mt: 1 }}
          />
          {editing && (
            <TextField
              id="company-code"
              label="Plus-address code"
              value={value?.Code ?? ''}
              onChange={(e) => {
                setValue((v) => v && { ...v, Code: e.target.value.trim() });
                setErrors({});
              }}
              error={!!errors.Code}
              helperText={errors.Code ?? 'Backups e-mailed to your address with +code go to this company.'}
              slotProps={{ htmlInput: { maxLength: 64 } }}
            />
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {editing ? 'Save' : 'Create'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Replace a company with another: its backups, rules and client ids move, then it is deleted. */
function ReplaceDialog({ source, onClose }: { source: CompanyListItem | null; onClose: () => void }) {
  const snackbar = useSnackbar();
  const replace = useReplaceCompany();
  const [target, setTarget] = useState<CompanyOption | null>(null);
  const [shown, setShown] = useState<CompanyListItem | null>(source);
  if (source && source !== shown) {
    setShown(source);
    setTarget(null);
  }
  const submit = async () => {
    if (!shown || !target) return;
    try {
      const r = await replace.mutateAsync({ Id: shown.Id, ReplaceWithId: target.Id });
      snackbar.success(`${shown.Name} replaced with ${target.Name}: ${plural(r.MovedBackups, 'backup')} moved`);
      onClose();
    } catch (err) {
      snackbar.error(err);
    }
  };
  return (
    <Dialog
      open={!!source}
      onClose={replace.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="replace-dlg"
    >
      <DialogTitle id="replace-dlg">Replace {shown?.Name}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
          Every backup, assignment rule and client ID of {shown?.Name} moves to the company you choose, and{' '}
          {shown?.Name} is deleted.
        </Typography>
        <CompanyPicker
          id="replace-with"
          label="Replace with"
          value={target}
          onChange={setTarget}
          excludeId={shown?.Id}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={replace.isPending}>
          Cancel
        </Button>
        <Button variant="contained" disabled={!target} loading={replace.isPending} onClick={() => void submit()}>
          Replace
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** `/app/manage/companies`: the tenant's client companies, 20 a page, with their rules and client ids. */
export default function CompaniesPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const windows = useWindowManager();
  const canEdit = usePermissions(['manage.editCompanies']);
  useCompanyTableUpdates();
  const [input, setInput] = useState('');
  const [name, setName] = useState('');
  const [includeEmpty, setIncludeEmpty] = useState(true);
  const [includeLocal, setIncludeLocal] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setName(input), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input]);
  const list = useCompanyList({ Name: name, IncludeEmpty: includeEmpty, IncludeLocal: includeLocal });
  const remove = useDeleteCompany();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [replacing, setReplacing] = useState<CompanyListItem | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const rows = useMemo(() => (list.data?.pages ?? []).flatMap((p) => p.data), [list.data]);
  const last = list.data?.pages[list.data.pages.length - 1];

  const onRules = useCallback((c: CompanyListItem) => void navigate(`rules/${c.Id}`), [navigate]);
  const onEdit = useCallback((c: CompanyListItem) => setDraft({ Id: c.Id, Name: c.Name, Code: c.Code ?? '' }), []);
  const onDelete = useCallback(
    (c: CompanyListItem) =>
      setConfirm({
        title: 'Delete company',
        subject: c.Name,
        confirmLabel: 'Yes, Delete',
        action: async () => {
          const r = await remove.mutateAsync(c.Id);
          snackbar.success(
            r.UnassignedBackups
              ? `Successfully deleted. ${plural(r.UnassignedBackups, 'backup')} now without a company.`
              : 'Successfully deleted.',
          );
        },
      }),
    [remove, snackbar],
  );
  const columns = useMemo(
    () => companyColumns({ canEdit, onRules, onEdit, onReplace: setReplacing, onDelete }),
    [canEdit, onRules, onEdit, onDelete],
  );

  return (
    <>
      <PageHeader
        eyebrow="Manage"
        title="Companies"
        subtitle={
          small
            ? undefined
            : 'Client companies and how backups find them: assignment rules and the client IDs backups carry.'
        }
        actions={
          <>
            <Button variant="outlined" onClick={() => void navigate('backup-client')}>
              Client IDs
            </Button>
            <Button variant="outlined" onClick={() => openCompanyApply(windows, 'rules')}>
              Apply rules
            </Button>
            {canEdit && (
              <Button
                variant="contained"
                startIcon={<AddRoundedIcon />}
                onClick={() => setDraft({ Name: '', Code: '' })}
              >
                New company
              </Button>
            )}
          </>
        }
      />
      {list.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      )}
      <DataGrid
        id="companies-grid"
        label="Companies"
        columns={columns}
        data={rows}
        getRowId={(r) => String(r.Id)}
        onRowClick={onRules}
        contextActions={[
          { label: 'Rules', onClick: onRules },
          ...(canEdit
            ? [
                { label: 'Rename', onClick: onEdit },
                { label: 'Replace with…', onClick: setReplacing },
                { label: 'Delete', onClick: onDelete },
              ]
            : []),
        ]}
        total={last?.pagination.total}
        hasMore={!!list.hasNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        loadingMore={list.isFetchingNextPage}
        pagesLoaded={list.data?.pages.length}
        loading={list.isPending}
        emptyText={list.isError ? 'The companies could not be loaded.' : 'No Items'}
        toolbar={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <SearchField id="companies-search" label="Search" value={input} onChange={setInput} />
            <FormControlLabel
              control={<Switch checked={includeEmpty} onChange={(e) => setIncludeEmpty(e.target.checked)} />}
              label="Include empty"
            />
            <FormControlLabel
              control={<Switch checked={includeLocal} onChange={(e) => setIncludeLocal(e.target.checked)} />}
              label="Include local"
            />
          </Box>
        }
        height={small ? 'calc(100dvh - 200px)' : 'max(420px, calc(100vh - 260px))'}
      />
      <CompanyDialog draft={draft} onClose={() => setDraft(null)} />
      <ReplaceDialog source={replacing} onClose={() => setReplacing(null)} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
