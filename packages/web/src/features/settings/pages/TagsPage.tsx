import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Tag } from '@vigil/contract';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { QueryError } from '../../../components/QueryError';
import { SearchField } from '../../../components/SearchField';
import { DataGrid, type SortingState } from '../../../components/grid';
import { useTags } from '../../../lib/tagsApi';
import { AddTagForm } from '../components/tags/AddTagForm';
import { RenameTagDialog } from '../components/tags/RenameTagDialog';
import { TagsPageHeader } from '../components/tags/TagsPageHeader';
import { tagColumns } from '../components/tags/tagColumns';
import { plural } from '../components/tags/tagText';
import { useDeleteTagConfirm } from '../components/tags/useDeleteTagConfirm';

/** `/app/settings/tags`: the tenant's tags, how many backups carry each, and add, rename and delete. */
export default function TagsPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const tags = useTags();
  const [search, setSearch] = useState('');
  const [sorting, setSorting] = useState<SortingState>([{ id: 'tag', desc: false }]);
  const [renaming, setRenaming] = useState<Tag | null>(null);
  const { askDelete, confirm, closeConfirm } = useDeleteTagConfirm();

  const all = useMemo(() => tags.data ?? [], [tags.data]);
  const rows = useMemo(() => {
    const term = search.trim().toLowerCase();
    return term ? all.filter((x) => x.TagValue.toLowerCase().includes(term)) : all;
  }, [all, search]);
  const columns = useMemo(() => tagColumns({ onRename: setRenaming, onDelete: askDelete }), [askDelete]);

  return (
    <>
      <TagsPageHeader
        small={small}
        refreshing={tags.isFetching && !tags.isPending}
        onRefresh={() => void tags.refetch()}
      />
      <AddTagForm />
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
      <RenameTagDialog tag={renaming} tags={all} onClose={() => setRenaming(null)} />
      <ConfirmDialog request={confirm} onClose={closeConfirm} />
    </>
  );
}
