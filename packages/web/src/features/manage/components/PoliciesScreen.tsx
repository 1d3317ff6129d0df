import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { PolicyRow } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { DebouncedSearchField } from '../../../components/SearchField';
import { useSnackbar } from '../../../components/snackbar';
import { useWindowManager } from '../../../components/WindowManagerProvider';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { DataGrid, useLocalColumnSettings, type RowSelectionState } from '../../../components/grid';
import { usePermissions } from '../../../lib/permissions';
import { browserStorage } from '../../../lib/storage';
import {
  useDeletePolicies,
  useMerge,
  usePolicies,
  usePolicyTableUpdates,
  useReactivate,
  useRetire,
  type PolicyListKind,
} from '../../../lib/backupsApi';
import { openPolicyEditor } from '../../../lib/policyWindows';
import { PolicyEditor } from '../../../components/policy/PolicyEditor';
import { policyColumns } from './policyColumns';

const TEXT: Record<PolicyListKind, { title: string; subtitle: string; empty: string; table: string }> = {
  inactive: {
    title: 'Activate Backups',
    subtitle: 'Backups discovered from e-mails that are not monitored yet. Activate them to audit their results.',
    empty: 'No inactive backups: every backup that reported is monitored or retired.',
    table: 'inactive',
  },
  active: {
    title: 'Edit Backups',
    subtitle: 'Monitored backups: edit their settings, retire, merge or delete them.',
    empty: 'No active backups yet. Activate discovered backups first.',
    table: 'active',
  },
  retire: {
    title: 'Retired Backups',
    subtitle: 'Retired backups keep their history and stop counting. Reactivate or delete them.',
    empty: 'No retired backups.',
    table: 'retire',
  },
};

type DeleteChoice = 'unlink' | 'close';

/** One of the three Manage backup lists (features §2.2, §4.4, §4.7). */
export function PoliciesScreen({ kind }: { kind: PolicyListKind }) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const snackbar = useSnackbar();
  const manager = useWindowManager();
  const f = useTenantFormats();
  const canEdit = usePermissions(['manage.editbackups']);
  const [search, setSearch] = useState('');
  const [pageSize, setPageSize] = useState(50);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [editing, setEditing] = useState<{ ids: number[]; activate: boolean } | null>(null);
  const [deleting, setDeleting] = useState<number[] | null>(null);
  const [deleteChoice, setDeleteChoice] = useState<DeleteChoice | ''>('');
  const [deleteError, setDeleteError] = useState(false);
  const [merging, setMerging] = useState<PolicyRow[] | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const columnSettings = useLocalColumnSettings(`manage-${TEXT[kind].table}`);
  usePolicyTableUpdates();

  const list = usePolicies(kind, { Size: pageSize, ...(search.trim() ? { Search: search.trim() } : {}) });
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.Results) ?? [], [list.data]);
  const last = list.data?.pages[list.data.pages.length - 1];
  const selected = rows.filter((r) => selection[String(r.PolicyId)]);
  const retire = useRetire();
  const reactivate = useReactivate();
  const remove = useDeletePolicies();
  const merge = useMerge();

  const edit = (ids: number[], activate: boolean) => {
    if (!ids.length) return;
    if (!small && openPolicyEditor(manager, browserStorage(), ids, activate)) return;
    setEditing({ ids, activate });
  };
  const done = (message: string) => {
    snackbar.success(message);
    setSelection({});
  };
  const run = async (p: Promise<{ Message: string }>) => {
    try {
      done((await p).Message);
    } catch (err) {
      snackbar.error(err);
    }
  };

  const columns = useMemo(() => policyColumns(kind, f), [kind, f]);

  const ids = selected.map((r) => r.PolicyId);
  const actions = canEdit && (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {kind === 'inactive' && (
        <Button variant="contained" disabled={!ids.length} onClick={() => edit(ids, true)}>
          Activate{ids.length ? ` (${ids.length})` : ''}
        </Button>
      )}
      {kind === 'active' && (
        <>
          <Button variant="contained" disabled={!ids.length} onClick={() => edit(ids, false)}>
            Edit{ids.length ? ` (${ids.length})` : ''}
          </Button>
          <Button
            variant="outlined"
            disabled={ids.length !== 2}
            onClick={() => {
              setMerging(selected);
              setTarget(selected[1].PolicyId);
            }}
          >
            Merge
          </Button>
        </>
      )}
      {kind !== 'retire' && (
        <Button
          variant="outlined"
          disabled={!ids.length}
          onClick={() => void run(retire.mutateAsync({ PolicyIds: ids }))}
        >
          Retire
        </Button>
      )}
      {kind === 'retire' && (
        <Button
          variant="contained"
          disabled={!ids.length}
          onClick={() => void run(reactivate.mutateAsync({ PolicyIds: ids }))}
        >
          Reactivate
        </Button>
      )}
      <Button
        variant="outlined"
        color="error"
        disabled={!ids.length}
        onClick={() => {
          setDeleting(ids);
          setDeleteChoice('');
          setDeleteError(false);
        }}
      >
        Delete
      </Button>
    </Box>
  );

  return (
    <>
      <PageHeader title={TEXT[kind].title} subtitle={TEXT[kind].subtitle} actions={actions} />
      <Box sx={{ mb: 2, maxWidth: 360 }}>
        <DebouncedSearchField id={`manage-${kind}-search`} label="Search" value={search} onCommit={setSearch} />
      </Box>
      {list.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      )}
      <DataGrid
        id={`manage-${kind}-grid`}
        label={TEXT[kind].title}
        columns={columns}
        data={rows}
        getRowId={(r) => String(r.PolicyId)}
        {...columnSettings}
        enableRowSelection={canEdit}
        rowSelection={selection}
        onRowSelectionChange={setSelection}
        onRowClick={canEdit && kind !== 'retire' ? (r) => edit([r.PolicyId], kind === 'inactive') : undefined}
        total={last?.Total}
        hasMore={!!list.hasNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        loadingMore={list.isFetchingNextPage}
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        pagesLoaded={list.data?.pages.length}
        loading={list.isPending || (list.isPlaceholderData && list.isFetching)}
        emptyText={search ? 'No backups match the search' : TEXT[kind].empty}
        toolbar={
          <Typography sx={{ fontSize: 14, color: 'text.secondary' }} aria-live="polite">
            {last ? `${last.Total.toLocaleString('en-US')} backup${last.Total === 1 ? '' : 's'}` : ' '}
            {ids.length ? ` · ${ids.length} selected` : ''}
          </Typography>
        }
        height={small ? 'calc(100dvh - 200px)' : 'max(520px, calc(100vh - 300px))'}
      />

      <Dialog open={!!editing} onClose={() => setEditing(null)} fullWidth maxWidth="md" fullScreen={small}>
        <DialogContent>
          {editing && (
            <PolicyEditor
              ids={editing.ids}
              activate={editing.activate}
              onCancel={() => setEditing(null)}
              onDone={() => {
                setEditing(null);
                setSelection({});
              }}
            />
          )}
        </DialogContent>
      </Dialog>

      <Dialog open={!!deleting} onClose={() => setDeleting(null)} aria-labelledby="delete-backups-title">
        <DialogTitle id="delete-backups-title">
          Are you sure you want to delete:{' '}
          {deleting?.length === 1 ? `backup #${deleting[0]}` : `${deleting?.length} backups`}?
        </DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 1.5 }}>Their results go with them. Tickets linked to them in your PSA:</Typography>
          <RadioGroup
            aria-label="Linked PSA tickets"
            value={deleteChoice}
            onChange={(e) => {
              setDeleteChoice(e.target.value as DeleteChoice);
              setDeleteError(false);
            }}
          >
            <FormControlLabel value="unlink" control={<Radio />} label="Unlink (close in Vigil only)" />
            <FormControlLabel value="close" control={<Radio />} label="Close (close in Vigil and in the PSA)" />
          </RadioGroup>
          {deleteError && <FormHelperText error>This is a required field</FormHelperText>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)} color="inherit">
            Cancel
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={async () => {
              if (!deleteChoice) {
                setDeleteError(true);
                return;
              }
              const list = deleting ?? [];
              setDeleting(null);
              await run(
                remove.mutateAsync({ PolicyIds: list, ...(deleteChoice === 'close' ? { ClosePsaTicket: true } : {}) }),
              );
            }}
          >
            Yes, Delete
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={!!merging} onClose={() => setMerging(null)} aria-labelledby="merge-title">
        <DialogTitle id="merge-title">Merge two backups</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 1.5 }}>
            Keep which one? The other one's results, tags and marks join it, and e-mails still arriving under the other
            one's name are filed to it.
          </Typography>
          <RadioGroup
            aria-label="Backup to keep"
            value={target ?? ''}
            onChange={(e) => setTarget(Number(e.target.value))}
          >
            {(merging ?? []).map((r) => (
              <FormControlLabel
                key={r.PolicyId}
                value={r.PolicyId}
                control={<Radio />}
                label={`${r.JobName} · ${r.DeviceName} (#${r.PolicyId}, ${r.ResultCount} results)`}
              />
            ))}
          </RadioGroup>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setMerging(null)} color="inherit">
            Cancel
          </Button>
          <Button
            variant="contained"
            disabled={merge.isPending || !target}
            onClick={async () => {
              const pair = merging ?? [];
              const source = pair.find((r) => r.PolicyId !== target);
              setMerging(null);
              if (source && target) {
                await run(merge.mutateAsync({ SourcePolicyId: source.PolicyId, TargetPolicyId: target }));
              }
            }}
          >
            Merge
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
