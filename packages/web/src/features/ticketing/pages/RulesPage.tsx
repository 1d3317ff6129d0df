import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import type { TicketRule } from '@vigil/contract';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataGrid, useLocalColumnSettings } from '../../../components/grid';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { usePermissions } from '../../../lib/permissions';
import { useProfileEvents } from '../api/profileChanges';
import { useRuleTableUpdates, useRules } from '../api/rules';
import { RuleEditorDialog } from '../components/rules/RuleEditorDialog';
import { RulesCount } from '../components/rules/RulesCount';
import { ruleColumns } from '../components/rules/ruleColumns';
import { useRuleActions } from '../components/rules/useRuleActions';

/** `/app/ticketing/rules`: when tickets open; the first enabled rule covering a backup handles it. */
export default function RulesPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const rules = useRules();
  const columnSettings = useLocalColumnSettings('ticketing rules');
  const canEdit = usePermissions(['ticket.editautomaticticketingprofiles']);
  const [editing, setEditing] = useState<{ rule: TicketRule | null } | null>(null);
  useRuleTableUpdates();
  useProfileEvents();

  const rows = useMemo(() => [...(rules.data ?? [])].sort((a, b) => a.Position - b.Position), [rules.data]);
  const { actions, confirm, setConfirm } = useRuleActions(rows, canEdit, (r) => setEditing({ rule: r }));
  const columns = ruleColumns(actions);

  return (
    <>
      <PageHeader
        eyebrow="Tickets"
        title="Ticket Rules"
        subtitle={
          small
            ? undefined
            : 'In order: the first enabled rule that covers a backup opens its ticket, with the rule’s profile.'
        }
        actions={
          <Button
            variant="contained"
            startIcon={<AddRoundedIcon />}
            disabled={!canEdit}
            onClick={() => setEditing({ rule: null })}
          >
            New rule
          </Button>
        }
      />
      {rules.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={rules.error} onRetry={() => void rules.refetch()} />
        </Box>
      )}
      <DataGrid
        id="ticket-rules-grid"
        label="Ticket rules"
        columns={columns}
        data={rows}
        getRowId={(r) => String(r.Id)}
        {...columnSettings}
        onRowClick={canEdit ? (r) => setEditing({ rule: r }) : undefined}
        loading={rules.isPending}
        emptyText="No Items"
        toolbar={<RulesCount rows={rules.data ? rows : undefined} />}
        height={small ? 'calc(100dvh - 220px)' : 'max(420px, calc(100vh - 300px))'}
      />
      <RuleEditorDialog editing={editing} small={small} onClose={() => setEditing(null)} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
