import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { REPORT_TYPES } from '@vigil/contract';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { QueryError } from '../../../components/QueryError';
import { usePermissions } from '../../../lib/permissions';
import { useScheduledReports, useScheduledTableUpdates } from './api';
import { ScheduledEditorDialog } from './list/ScheduledEditorDialog';
import { ScheduledHeader } from './list/ScheduledHeader';
import { ScheduledReportsGrid } from './list/ScheduledReportsGrid';
import { useScheduledActions } from './list/useScheduledActions';
import { useScheduledColumns } from './list/useScheduledColumns';
import { useScheduledEditor } from './list/useScheduledEditor';

/** `/app/reporting/scheduled`: reports mailed on chosen days at an hour, with their last runs. */
export default function ScheduledReportsPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const list = useScheduledReports();
  useScheduledTableUpdates();
  const [search, setSearch] = useState('');
  const { editing, setEditing, open } = useScheduledEditor(small);
  const canEdit = usePermissions(['reporting.editscheduledreports']);
  const actions = useScheduledActions();
  const { runNow, askDelete, confirm, setConfirm } = actions;

  const all = useMemo(() => list.data ?? [], [list.data]);
  const rows = useMemo(() => {
    const term = search.trim().toLowerCase();
    if (!term) return all;
    return all.filter((r) =>
      [r.Name, REPORT_TYPES[r.ReportType]?.title ?? '', ...r.Recipients].some((x) => x.toLowerCase().includes(term)),
    );
  }, [all, search]);

  const columns = useScheduledColumns(actions, open, canEdit);

  return (
    <>
      <ScheduledHeader small={small} list={list} canEdit={canEdit} onNew={() => open('create', null)} />
      {list.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      )}
      <ScheduledReportsGrid
        list={list}
        columns={columns}
        rows={rows}
        total={all.length}
        search={search}
        setSearch={setSearch}
        canEdit={canEdit}
        small={small}
        open={open}
        runNow={runNow}
        askDelete={askDelete}
      />
      <ScheduledEditorDialog editing={editing} small={small} onClose={() => setEditing(null)} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
