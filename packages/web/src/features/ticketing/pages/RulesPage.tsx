import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ArrowDownwardRoundedIcon from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRoundedIcon from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import DragIndicatorRoundedIcon from '@mui/icons-material/DragIndicatorRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import { TICKET_GROUP_LABELS, type TicketRule } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import {
  actionsColumn,
  DataGrid,
  gridColumnHelper,
  RowActions,
  useLocalColumnSettings,
  type GridColumnDef,
} from '../../../components/grid';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { useWindowManager } from '../../../components/WindowManagerProvider';
import { usePermissions } from '../../../lib/permissions';
import { useProfileEvents } from '../api/profiles';
import { useDeleteRule, useMoveRule, useRuleTableUpdates, useRules, useSaveRule } from '../api/rules';
import { kindChip, plural } from '../components/labels';
import { RuleForm } from '../components/RuleForm';
import { conditionText, dropTarget, moveTarget, ruleToInput, scopeText } from '../ruleForm';
import { openRuleWindow } from '../windows';

const col = gridColumnHelper<TicketRule>();

interface Actions {
  ids: number[];
  canEdit: boolean;
  busy: boolean;
  onMove: (r: TicketRule, afterId: number | null | undefined) => void;
  onToggle: (r: TicketRule, enabled: boolean) => void;
  onEdit: (r: TicketRule) => void;
  onWindow: (r: TicketRule) => void;
  onDelete: (r: TicketRule) => void;
  drag: { start: (id: number) => void; drop: (id: number) => void };
}

function ruleColumns(a: Actions): GridColumnDef<TicketRule>[] {
  const icon = (label: string, node: React.ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          disabled={disabled}
          onClick={(e) => {
            e.stopPropagation();
            onClick();
          }}
        >
          {node}
        </IconButton>
      </span>
    </Tooltip>
  );
  return [
    col.display({
      id: 'order',
      header: '#',
      size: 110,
      enableSorting: false,
      enableHiding: false,
      meta: { label: 'Order', tile: 'field' },
      cell: (c) => {
        const r = c.row.original;
        const i = a.ids.indexOf(r.Id);
        return (
          <Box
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}
            draggable={a.canEdit}
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move';
              a.drag.start(r.Id);
            }}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              a.drag.drop(r.Id);
            }}
          >
            <DragIndicatorRoundedIcon
              fontSize="small"
              sx={{ color: 'text.disabled', cursor: a.canEdit ? 'grab' : 'default' }}
            />
            <Box component="span" sx={{ minWidth: 18, textAlign: 'right' }}>
              {i + 1}
            </Box>
            {icon(
              `Move up: ${r.Name}`,
              <ArrowUpwardRoundedIcon fontSize="small" />,
              () => a.onMove(r, moveTarget(a.ids, r.Id, -1)),
              !a.canEdit || a.busy || i === 0,
            )}
            {icon(
              `Move down: ${r.Name}`,
              <ArrowDownwardRoundedIcon fontSize="small" />,
              () => a.onMove(r, moveTarget(a.ids, r.Id, 1)),
              !a.canEdit || a.busy || i === a.ids.length - 1,
            )}
          </Box>
        );
      },
    }),
    col.accessor('Name', {
      id: 'name',
      header: 'Name',
      size: 180,
      enableSorting: false,
      enableHiding: false,
      meta: { tile: 'title' },
      cell: (c) => (
        <Box component="span" sx={{ fontWeight: 600 }} title={c.getValue()}>
          {c.getValue()}
        </Box>
      ),
    }),
    col.accessor('ProfileName', {
      id: 'profile',
      header: 'Profile',
      size: 190,
      enableSorting: false,
      meta: { tile: 'subtitle' },
      cell: (c) => {
        const r = c.row.original;
        const k = kindChip(r.ProfileType);
        return (
          <Box sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center', minWidth: 0 }}>
            <Chip size="small" variant="outlined" color={k.color} label={k.label} />
            <Box
              component="span"
              sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              title={`${r.ProfileName} · by ${TICKET_GROUP_LABELS[r.GroupBy]}`}
            >
              {r.ProfileName}
            </Box>
          </Box>
        );
      },
    }),
    col.accessor((r) => conditionText(r), {
      id: 'when',
      header: 'When',
      size: 220,
      enableSorting: false,
      meta: { tile: 'field' },
    }),
    col.accessor((r) => scopeText(r), {
      id: 'scope',
      header: 'Backups',
      size: 140,
      enableSorting: false,
      meta: { tile: 'field' },
    }),
    col.accessor('BackupsCount', {
      id: 'count',
      header: 'Covers',
      size: 80,
      enableSorting: false,
      meta: { tile: 'field', align: 'right' },
    }),
    col.accessor('OpenTickets', {
      id: 'open',
      header: 'Open tickets',
      size: 100,
      enableSorting: false,
      meta: { tile: 'field', align: 'right' },
    }),
    col.accessor('IsEnabled', {
      id: 'enabled',
      header: 'Enabled',
      size: 80,
      enableSorting: false,
      meta: { tile: 'field', align: 'center' },
      cell: (c) => (
        <Switch
          size="small"
          checked={c.getValue()}
          disabled={!a.canEdit || a.busy}
          onClick={(e) => e.stopPropagation()}
          onChange={(e) => a.onToggle(c.row.original, e.target.checked)}
          slotProps={{ input: { 'aria-label': `Enabled: ${c.row.original.Name}` } }}
        />
      ),
    }),
    actionsColumn<TicketRule>(116, (r) => (
      <RowActions
        actions={[
          {
            title: `Edit: ${r.Name}`,
            icon: <EditRoundedIcon fontSize="small" />,
            onClick: () => a.onEdit(r),
            disabled: !a.canEdit,
          },
          {
            title: `Open in a window: ${r.Name}`,
            icon: <OpenInNewRoundedIcon fontSize="small" />,
            onClick: () => a.onWindow(r),
            disabled: !a.canEdit,
          },
          {
            title: `Delete: ${r.Name}`,
            icon: <DeleteOutlineRoundedIcon fontSize="small" />,
            onClick: () => a.onDelete(r),
            disabled: !a.canEdit,
          },
        ]}
      />
    )),
  ];
}

/** `/app/ticketing/rules`: when tickets open; the first enabled rule covering a backup handles it. */
export default function RulesPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const snackbar = useSnackbar();
  const manager = useWindowManager();
  const rules = useRules();
  const move = useMoveRule();
  const save = useSaveRule();
  const remove = useDeleteRule();
  const columnSettings = useLocalColumnSettings('ticketing rules');
  const canEdit = usePermissions(['ticket.editautomaticticketingprofiles']);
  const [editing, setEditing] = useState<{ rule: TicketRule | null } | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  useRuleTableUpdates();
  useProfileEvents();

  const rows = useMemo(() => [...(rules.data ?? [])].sort((a, b) => a.Position - b.Position), [rules.data]);
  const ids = rows.map((r) => r.Id);

  const onMove = (r: TicketRule, afterId: number | null | undefined) => {
    if (afterId === undefined) return;
    move.mutate({ id: r.Id, afterId }, { onError: (e) => snackbar.error(e) });
  };
  const columns = ruleColumns({
    ids,
    canEdit,
    busy: move.isPending || save.isPending,
    onMove,
    onToggle: (r, enabled) =>
      save.mutate(
        { id: r.Id, input: { ...ruleToInput(r), IsEnabled: enabled } },
        {
          onSuccess: () => snackbar.success(enabled ? `${r.Name} is enabled` : `${r.Name} is disabled`),
          onError: (e) => snackbar.error(e),
        },
      ),
    onEdit: (r) => setEditing({ rule: r }),
    onWindow: (r) => {
      if (!openRuleWindow(manager, r.Id)) setEditing({ rule: r });
    },
    onDelete: (r) =>
      setConfirm({
        title: 'Delete ticket rule',
        subject: r.Name,
        confirmLabel: 'Yes, Delete',
        action: async () => {
          await remove.mutateAsync(r.Id);
          snackbar.success('Successfully deleted');
        },
      }),
    drag: {
      start: setDragged,
      drop: (target) => {
        const r = rows.find((x) => x.Id === dragged);
        setDragged(null);
        if (r) onMove(r, dropTarget(ids, r.Id, target));
      },
    },
  });

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
        toolbar={
          <Typography sx={{ fontSize: 14, color: 'text.secondary' }} aria-live="polite">
            {rules.data ? `${plural(rows.length, 'rule')}, ${rows.filter((r) => r.IsEnabled).length} enabled` : ' '}
          </Typography>
        }
        height={small ? 'calc(100dvh - 220px)' : 'max(420px, calc(100vh - 300px))'}
      />
      <Dialog
        open={!!editing}
        onClose={() => setEditing(null)}
        fullWidth
        maxWidth="sm"
        fullScreen={small}
        aria-labelledby="rule-editor-title"
      >
        <DialogTitle id="rule-editor-title">
          {editing?.rule ? `Edit Ticket Rule #${editing.rule.Id}` : 'New Ticket Rule'}
        </DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          {editing && (
            <RuleForm rule={editing.rule} onSaved={() => setEditing(null)} onCancel={() => setEditing(null)} />
          )}
        </DialogContent>
      </Dialog>
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
