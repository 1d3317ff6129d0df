// One insight type's suggestions: search, the grid with selection, Apply and Dismiss, and the policy editor.
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { INSIGHT_TYPES, type Insight, type InsightType } from '@vigil/contract';
import { DebouncedSearchField } from '../../../components/SearchField';
import { usePermissions } from '../../../lib/permissions';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { ApplyDialog } from './ApplyDialog';
import { InsightActions } from './InsightActions';
import { InsightGrid } from './InsightGrid';
import { InsightListHeader } from './InsightListHeader';
import { insightColumns } from './insightColumns';
import { InsightPolicyDialog } from './InsightPolicyDialog';
import { useInsightRows } from './useInsightRows';
import { useInsightRun } from './useInsightRun';

export function InsightList({ type }: { type: InsightType }) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const f = useTenantFormats();
  const info = INSIGHT_TYPES[type];
  const canEditBackups = usePermissions(['manage.editbackups']);
  const [search, setSearch] = useState('');
  const [pageSize, setPageSize] = useState(50);
  const [applying, setApplying] = useState<readonly Insight[] | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const { run, gone, selection, setSelection, busy } = useInsightRun(type);
  const { list, rows } = useInsightRows(type, search, pageSize, gone);
  const selected = rows.filter((r) => selection[String(r.Id)]);
  const columns = useMemo(() => insightColumns(info.selectable, f), [info.selectable, f]);

  return (
    <>
      <InsightListHeader
        type={type}
        actions={
          <InsightActions
            selectable={info.selectable}
            canEditBackups={canEditBackups}
            selected={selected}
            busy={busy}
            onApply={() => setApplying(selected)}
            onDismiss={() => void run('dismiss', selected)}
          />
        }
      />
      <Box sx={{ mb: 2, maxWidth: 360 }}>
        <DebouncedSearchField id="insight-search" label="Search" value={search} onCommit={setSearch} />
      </Box>
      <InsightGrid
        title={info.title}
        list={list}
        rows={rows}
        columns={columns}
        selection={selection}
        setSelection={setSelection}
        onRowClick={canEditBackups ? (r) => setEditing(r.PolicyId) : undefined}
        pageSize={pageSize}
        setPageSize={setPageSize}
        search={search}
        selectedCount={selected.length}
        small={small}
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
      <InsightPolicyDialog editing={editing} small={small} onClose={() => setEditing(null)} />
    </>
  );
}
