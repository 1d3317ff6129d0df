import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import DriveFileRenameOutlineRoundedIcon from '@mui/icons-material/DriveFileRenameOutlineRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import type { Tag } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SearchField } from '../../../components/SearchField';
import { useSnackbar } from '../../../components/snackbar';
import {
  actionsColumn,
  DataGrid,
  gridColumnHelper,
  RowActions,
  type GridColumnDef,
  type SortingState,
} from '../../../components/grid';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { useCreateTag, useDeleteTag, useRenameTag, useTags } from '../../../lib/tagsApi';

const MAX_LENGTH = 64;
const col = gridColumnHelper<Tag>();

function tagColumns(ctx: { onRename: (t: Tag) => void; onDelete: (t: Tag) => void }): GridColumnDef<Tag>[] {
  return [
    col.accessor('TagValue', {
      id: 'tag',
      header: 'Tag',
      size: 320,
      enableHiding: false,
      sortFn: 'text',
      meta: { tile: 'title' },
      cell: (c) => (
        <Chip
          size="small"
          variant="outlined"
          label={c.getValue()}
          sx={{ height: 22, fontWeight: 500, maxWidth: '100%' }}
        />
      ),
    }),
    col.accessor('BackupCount', {
      id: 'backups',
      header: 'Backups',
      size: 130,
      sortDescFirst: true,
      meta: { tile: 'field', align: 'right' },
      cell: (c) => c.getValue().toLocaleString('en-US'),
    }),
    actionsColumn<Tag>(100, (row) => (
      <RowActions
        actions={[
          {
            title: 'Rename',
            label: `Rename tag ${row.TagValue}`,
            icon: <DriveFileRenameOutlineRoundedIcon fontSize="small" />,
            onClick: () => ctx.onRename(row),
          },
          {
            title: 'Delete',
            label: `Delete tag ${row.TagValue}`,
            icon: <DeleteOutlineRoundedIcon fontSize="small" />,
            onClick: () => ctx.onDelete(row),
          },
        ]}
      />
    )),
  ];
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** Rename a tag; a value another tag already has merges the two, which the dialog says before saving. */
function RenameDialog({ tag, tags, onClose }: { tag: Tag | null; tags: readonly Tag[]; onClose: () => void }) {
  const snackbar = useSnackbar();
  const rename = useRenameTag();
  const [shown, setShown] = useState<Tag | null>(tag);
  const [value, setValue] = useState(tag?.TagValue ?? '');
  const [error, setError] = useState<string | null>(null);
  if (tag && tag !== shown) {
    setShown(tag);
    setValue(tag.TagValue);
    setError(null);
  }
  const trimmed = value.trim();
  const other = shown
    ? tags.find((x) => x.Id !== shown.Id && x.TagValue.toLowerCase() === trimmed.toLowerCase())
    : undefined;

  const save = async () => {
    if (!shown) return;
    if (!trimmed) return setError('Tag is required');
    if (trimmed.length > MAX_LENGTH) return setError(`Tag must be at most ${MAX_LENGTH} characters`);
    if (trimmed === shown.TagValue) return onClose();
    try {
      await rename.mutateAsync({ Id: shown.Id, TagValue: trimmed });
      snackbar.success('Successfully renamed');
      onClose();
    } catch (err) {
      setError((err instanceof ApiError && err.fieldErrors.TagValue) || resolveErrorMessage(err));
    }
  };

  return (
    <Dialog open={!!tag} onClose={rename.isPending ? undefined : onClose} fullWidth maxWidth="xs">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <DialogTitle>Rename tag</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2, fontSize: 14 }}>
            The new name replaces <strong>{shown?.TagValue}</strong> on {plural(shown?.BackupCount ?? 0, 'backup')}, and
            in the templates and backup plans that add it.
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            id="tag-rename"
            label="Tag"
            value={value}
            onChange={(e) => {
              setValue(e.target.value.replace(/^\s+/, ''));
              setError(null);
            }}
            error={!!error}
            helperText={
              error ??
              (other
                ? `"${other.TagValue}" already exists: the two tags are merged into "${other.TagValue}" and this one is removed.`
                : ' ')
            }
            slotProps={{ htmlInput: { maxLength: MAX_LENGTH } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={rename.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={rename.isPending}>
            {other ? 'Merge' : 'Rename'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The add box above the grid: Enter or the button adds the tag. */
function AddTag() {
  const snackbar = useSnackbar();
  const create = useCreateTag();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const v = value.trim();
    if (!v) return setError('Tag is required');
    try {
      await create.mutateAsync(v);
      setValue('');
      setError(null);
      snackbar.success('Successfully added');
    } catch (err) {
      setError((err instanceof ApiError && err.fieldErrors.TagValue) || resolveErrorMessage(err));
    }
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextField
        id="tag-new"
        size="small"
        label="New tag"
        value={value}
        onChange={(e) => {
          setValue(e.target.value.replace(/^\s+/, ''));
          setError(null);
        }}
        error={!!error}
        helperText={error ?? undefined}
        slotProps={{ htmlInput: { maxLength: MAX_LENGTH } }}
        sx={{ width: 260, maxWidth: '100%' }}
      />
      <Button
        type="submit"
        variant="contained"
        startIcon={<AddRoundedIcon />}
        loading={create.isPending}
        sx={{ mt: 0.25 }}
      >
        Add tag
      </Button>
    </Box>
  );
}

/** `/app/settings/tags`: the tenant's tags, how many backups carry each, and add, rename and delete. */
export default function TagsPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const snackbar = useSnackbar();
  const tags = useTags();
  const remove = useDeleteTag();
  const [search, setSearch] = useState('');
  const [sorting, setSorting] = useState<SortingState>([{ id: 'tag', desc: false }]);
  const [renaming, setRenaming] = useState<Tag | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const all = useMemo(() => tags.data ?? [], [tags.data]);
  const rows = useMemo(() => {
    const term = search.trim().toLowerCase();
    return term ? all.filter((x) => x.TagValue.toLowerCase().includes(term)) : all;
  }, [all, search]);
  const askDelete = useCallback(
    (t: Tag) =>
      setConfirm({
        title: 'Delete tag',
        subject: t.BackupCount ? `${t.TagValue} (removed from ${plural(t.BackupCount, 'backup')})` : t.TagValue,
        confirmLabel: 'Yes, Delete',
        action: async () => {
          await remove.mutateAsync(t.Id);
          snackbar.success('Successfully deleted');
        },
      }),
    [remove, snackbar],
  );
  const columns = useMemo(() => tagColumns({ onRename: setRenaming, onDelete: askDelete }), [askDelete]);

  return (
    <>
      <PageHeader
        eyebrow="Settings"
        title="Tags"
        subtitle={
          small
            ? undefined
            : 'Labels for backups, used to filter the audit and reports. Renaming or deleting a tag changes every backup that carries it.'
        }
        actions={
          <Button
            variant="outlined"
            startIcon={<RefreshRoundedIcon />}
            onClick={() => void tags.refetch()}
            loading={tags.isFetching && !tags.isPending}
          >
            Refresh
          </Button>
        }
      />
      <Paper
        variant="outlined"
        sx={{ borderRadius: '14px', mb: 2, px: 2, py: 1.5 }}
        component="section"
        aria-label="Add tag"
      >
        <AddTag />
      </Paper>
      {tags.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={tags.error} onRetry={() => void tags.refetch()} />
        </Box>
      )}
      <DataGrid
        id="tags-grid"
        label="Tags"
        columns={columns}
        data={rows}
        getRowId={(r) => String(r.Id)}
        sorting={sorting}
        onSortingChange={(s) => setSorting(s.length ? s.slice(-1) : [{ id: 'tag', desc: false }])}
        onRowClick={setRenaming}
        contextActions={[
          { label: 'Rename', onClick: setRenaming },
          { label: 'Delete', onClick: askDelete },
        ]}
        loading={tags.isPending}
        emptyText={tags.isError ? 'The tags could not be loaded.' : search ? 'No tag matches this search' : 'No Items'}
        toolbar={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <SearchField id="tags-search" label="Search" value={search} onChange={setSearch} />
            <Typography sx={{ fontSize: 14, color: 'text.secondary' }} aria-live="polite">
              {tags.data ? plural(all.length, 'tag') : ' '}
            </Typography>
          </Box>
        }
        height={small ? 'calc(100dvh - 260px)' : 'max(420px, calc(100vh - 330px))'}
      />
      <RenameDialog tag={renaming} tags={all} onClose={() => setRenaming(null)} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
