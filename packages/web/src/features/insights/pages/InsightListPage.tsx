import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import { INSIGHT_TYPES, type Insight, type InsightType } from '@vigil/contract';
import { NotFound } from '../../../components/NotFound';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { DebouncedSearchField } from '../../../components/SearchField';
import { useSnackbar } from '../../../components/snackbar';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { DataGrid, gridColumnHelper, type GridColumnDef, type RowSelectionState } from '../../../components/grid';
import { usePermissions } from '../../../lib/permissions';
import { PolicyEditor } from '../../../components/policy/PolicyEditor';
import { useInsightAction, useInsightList } from '../api/insights';
import { ApplyDialog } from '../components/ApplyDialog';
import { InsightHelpPanel } from '../components/InsightHelpPanel';
import { actionDoneText, insightTypeFromParam, plural } from '../../../lib/insightText';

const col = gridColumnHelper<Insight>();

/** `/app/insights/{insightType}`: one type's suggestions, to apply or dismiss (features §2.6, §9). */
export default function InsightListPage() {
  const type = insightTypeFromParam(useParams().insightType);
  if (!type) return <NotFound />;
  return <InsightList key={type} type={type} />;
}

function InsightList({ type }: { type: InsightType }) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const snackbar = useSnackbar();
  const f = useTenantFormats();
  const info = INSIGHT_TYPES[type];
  const canEditBackups = usePermissions(['manage.editbackups']);
  const [search, setSearch] = useState('');
  const [pageSize, setPageSize] = useState(50);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [applying, setApplying] = useState<readonly Insight[] | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  // Rows just applied or dismissed leave at once, before the list is fetched again.
  const [gone, setGone] = useState<ReadonlySet<number>>(new Set());

  const list = useInsightList(type, { Size: pageSize, ...(search.trim() ? { Search: search.trim() } : {}) });
  const action = useInsightAction(type);
  const rows = useMemo(
    () => (list.data?.pages.flatMap((p) => p.Results) ?? []).filter((r) => !gone.has(r.Id)),
    [list.data, gone],
  );
  const last = list.data?.pages[list.data.pages.length - 1];
  const selected = rows.filter((r) => selection[String(r.Id)]);

  const run = async (kind: 'apply' | 'dismiss', targets: readonly Insight[]) => {
    try {
      const result = await action.mutateAsync({ Ids: targets.map((r) => r.Id), Action: kind });
      setGone((g) => new Set([...g, ...targets.map((r) => r.Id)]));
      setSelection({});
      snackbar.success(actionDoneText(kind, result));
    } catch (err) {
      snackbar.error(err);
    }
  };

  const columns = useMemo<GridColumnDef<Insight>[]>(
    () => [
      col.accessor((r) => r.CompanyName ?? '', {
        id: 'company',
        header: 'Company',
        size: 150,
        meta: { tile: 'subtitle' },
        cell: (c) => c.getValue() || '-',
      }),
      col.accessor('JobName', {
        id: 'job',
        header: 'Backup',
        size: 190,
        enableHiding: false,
        meta: { tile: 'title' },
        cell: (c) => (
          <Box component="span" sx={{ fontWeight: 600 }} title={c.getValue()}>
            {c.getValue()}
          </Box>
        ),
      }),
      col.accessor('DeviceName', { id: 'device', header: 'Device', size: 140, meta: { tile: 'field' } }),
      ...(info.selectable
        ? [
            col.accessor((r) => `${r.Current} → ${r.Suggested}`, {
              id: 'change',
              header: 'Current → Suggested',
              size: 340,
              enableSorting: false,
              meta: { tile: 'field' },
              cell: (c) => (
                <span title={c.getValue()}>
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {c.row.original.Current || '-'}
                  </Box>
                  {' → '}
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {c.row.original.Suggested || '-'}
                  </Box>
                </span>
              ),
            }),
          ]
        : []),
      col.accessor('Detail', {
        id: 'detail',
        header: 'Why',
        size: 320,
        enableSorting: false,
        meta: { tile: 'field' },
        cell: (c) => <span title={c.getValue()}>{c.getValue()}</span>,
      }),
      col.accessor('VendorName', { id: 'vendor', header: 'Product', size: 160, meta: { tile: 'field' } }),
      col.accessor('CreatedAt', {
        id: 'created',
        header: 'Found',
        size: 150,
        meta: { tile: 'field' },
        cell: (c) => f.dateTime(c.getValue()),
      }),
    ],
    [info.selectable, f],
  );

  const count = selected.length ? ` (${selected.length})` : '';
  const actions = (
    <>
      {info.selectable &&
        (canEditBackups ? (
          <Button variant="contained" disabled={!selected.length} onClick={() => setApplying(selected)}>
            Apply{count}
          </Button>
        ) : (
          <Tooltip title="Applying changes backups: it needs the permission to edit backups">
            <span>
              <Button variant="contained" disabled>
                Apply
              </Button>
            </span>
          </Tooltip>
        ))}
      <Button
        variant="outlined"
        disabled={!selected.length || action.isPending}
        onClick={() => void run('dismiss', selected)}
      >
        Dismiss{count}
      </Button>
    </>
  );

  return (
    <>
      <Button
        component={RouterLink}
        to="/app/insights/overview"
        size="small"
        startIcon={<ArrowBackRoundedIcon />}
        sx={{ mb: 1 }}
      >
        All insights
      </Button>
      <PageHeader eyebrow="Insights" title={info.title} actions={actions} />
      <InsightHelpPanel type={type} />
      <Box sx={{ mb: 2, maxWidth: 360 }}>
        <DebouncedSearchField id="insight-search" label="Search" value={search} onCommit={setSearch} />
      </Box>
      {list.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      )}
      <DataGrid
        id="insight-grid"
        label={info.title}
        columns={columns}
        data={rows}
        getRowId={(r) => String(r.Id)}
        enableRowSelection
        rowSelection={selection}
        onRowSelectionChange={setSelection}
        onRowClick={canEditBackups ? (r) => setEditing(r.PolicyId) : undefined}
        total={last?.Total}
        hasMore={!!list.hasNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        loadingMore={list.isFetchingNextPage}
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        pagesLoaded={list.data?.pages.length}
        loading={list.isPending || (list.isPlaceholderData && list.isFetching)}
        emptyText={search ? 'No suggestions match the search' : `No ${info.title} suggestions: nothing to do here.`}
        toolbar={
          <Typography sx={{ fontSize: 14, color: 'text.secondary' }} aria-live="polite">
            {last ? plural(last.Total, 'suggestion') : ' '}
            {selected.length ? ` · ${selected.length} selected` : ''}
          </Typography>
        }
        height={small ? 'calc(100dvh - 200px)' : 'max(420px, calc(100vh - 420px))'}
      />

      <ApplyDialog
        type={type}
        rows={applying}
        onClose={() => setApplying(null)}
        onApply={async (targets) => {
          await run('apply', targets);
          setApplying(null);
        }}
      />

      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        fullWidth
        maxWidth="md"
        fullScreen={small}
        aria-labelledby="policy-editor-title"
      >
        <DialogContent>
          {editing !== null && (
            <PolicyEditor
              ids={[editing]}
              activate={false}
              onCancel={() => setEditing(null)}
              onDone={() => setEditing(null)}
            />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
