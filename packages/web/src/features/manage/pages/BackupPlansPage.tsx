import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { BackupPlanRow, BackupSettings, RuleSet } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { usePermissions } from '../../../lib/permissions';
import {
  useApplyBackupPlans,
  useBackupPlans,
  useDeleteBackupPlan,
  useReorderBackupPlan,
  useSaveBackupPlan,
  useToggleBackupPlan,
  useBackupPlanTableUpdates,
} from '../api/backupPlans';
import { rulesComplete, TemplateRulesEditor } from '../components/TemplateRulesEditor';
import { TemplateSettingsForm } from '../components/TemplateSettingsForm';

type Editing = { plan: BackupPlanRow | null } | null;

/**
 * Manage → Backup Plans (brBackupPlans): plans in order, the first enabled match wins for each
 * backup. Enable or disable, move up or down, create and edit, and apply.
 */
export default function BackupPlansPage() {
  useBackupPlanTableUpdates();
  const plans = useBackupPlans();
  const canEdit = usePermissions(['manage.getBackupPlans', 'manage.editBackupPlans']);
  const canApply = usePermissions(['manage.editBackupPlans', 'manage.editbackups']);
  const snackbar = useSnackbar();
  const toggle = useToggleBackupPlan();
  const reorder = useReorderBackupPlan();
  const remove = useDeleteBackupPlan();
  const [editing, setEditing] = useState<Editing>(null);
  const [applying, setApplying] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const rows = plans.data?.Results ?? [];

  const move = (row: BackupPlanRow, by: -1 | 1) => {
    const i = rows.findIndex((r) => r.Id === row.Id);
    const j = i + by;
    if (j < 0 || j >= rows.length) return;
    // Up: after the plan two places above (or first); down: after the next plan.
    const afterId = by === -1 ? (j === 0 ? null : rows[j - 1].Id) : rows[j].Id;
    reorder.mutate({ Id: row.Id, AfterId: afterId }, { onError: (e) => snackbar.error(e) });
  };

  const columns: Column<BackupPlanRow>[] = [
    { key: 'pos', header: '#', width: 48, render: (r) => r.Position },
    { key: 'name', header: 'Name', render: (r) => r.Name },
    {
      key: 'enabled',
      header: 'Enabled',
      render: (r) => (
        <Switch
          checked={r.IsEnabled}
          disabled={!canEdit || toggle.isPending}
          slotProps={{ input: { 'aria-label': `Enable ${r.Name}` } }}
          onChange={(e) => toggle.mutate({ id: r.Id, on: e.target.checked }, { onError: (err) => snackbar.error(err) })}
        />
      ),
    },
    {
      key: 'rules',
      header: 'Rules',
      hideBelow: 'md',
      render: (r) => `${r.Rules.Groups.length} group${r.Rules.Groups.length === 1 ? '' : 's'}`,
    },
    { key: 'backups', header: 'Backups', align: 'right', render: (r) => r.BackupsCount.toLocaleString('en-US') },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      nowrap: true,
      render: (r) => (
        <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', alignItems: 'center' }}>
          {canEdit && (
            <>
              <Tooltip title="Move up">
                <span>
                  <IconButton
                    aria-label={`Move ${r.Name} up`}
                    disabled={r.Position === 1 || reorder.isPending}
                    onClick={() => move(r, -1)}
                  >
                    ↑
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title="Move down">
                <span>
                  <IconButton
                    aria-label={`Move ${r.Name} down`}
                    disabled={r.Position === rows.length || reorder.isPending}
                    onClick={() => move(r, 1)}
                  >
                    ↓
                  </IconButton>
                </span>
              </Tooltip>
              <Button size="small" onClick={() => setEditing({ plan: r })}>
                Edit
              </Button>
              <Button
                size="small"
                color="error"
                onClick={() =>
                  setConfirm({
                    title: 'Delete backup plan',
                    subject: `${r.Name}? The tags it gave backups are removed.`,
                    confirmLabel: 'Yes, Delete',
                    action: async () => {
                      await remove.mutateAsync(r.Id);
                      snackbar.success(`Deleted ${r.Name}`);
                    },
                  })
                }
              >
                Delete
              </Button>
            </>
          )}
        </Box>
      ),
    },
  ];

  return (
    <Box>
      <PageHeader
        title="Backup Plans"
        subtitle="Plans apply settings and tags to the backups their rules match. For each backup the first enabled matching plan wins."
        actions={
          <Box sx={{ display: 'flex', gap: 1 }}>
            {canApply && (
              <Button variant="outlined" disabled={!rows.length} onClick={() => setApplying(true)}>
                Apply plans
              </Button>
            )}
            {canEdit && (
              <Button variant="contained" onClick={() => setEditing({ plan: null })}>
                New plan
              </Button>
            )}
          </Box>
        }
      />
      {plans.isError ? (
        <QueryError error={plans.error} onRetry={() => void plans.refetch()} />
      ) : (
        <DataTable
          caption="Backup plans"
          columns={columns}
          rows={plans.data?.Results}
          rowKey={(r) => r.Id}
          loading={plans.isPending}
        />
      )}
      {editing && <PlanDialog plan={editing.plan} onClose={() => setEditing(null)} />}
      <ApplyDialog open={applying} onClose={() => setApplying(false)} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Box>
  );
}

function PlanDialog({ plan, onClose }: { plan: BackupPlanRow | null; onClose: () => void }) {
  const save = useSaveBackupPlan();
  const snackbar = useSnackbar();
  const [name, setName] = useState(plan?.Name ?? '');
  const [rules, setRules] = useState<RuleSet>(plan?.Rules ?? { Groups: [] });
  const [settings, setSettings] = useState<BackupSettings>(plan?.Settings ?? {});
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!name.trim()) return setError('Name is required');
    save.mutate(
      { Id: plan?.Id, Name: name.trim(), Rules: rules, Settings: settings },
      {
        onSuccess: (p) => {
          snackbar.success(`Saved ${p.Name}`);
          onClose();
        },
        onError: (e) => setError(e instanceof Error ? e.message : String(e)),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{plan ? `Edit ${plan.Name}` : 'New backup plan'}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 3 }}>
        <TextField
          label="Name"
          value={name}
          error={!!error}
          helperText={error}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          sx={{ mt: 1 }}
        />
        <Typography variant="subtitle1">Rules</Typography>
        <TemplateRulesEditor value={rules} onChange={setRules} />
        <Typography variant="subtitle1">Settings and tags</Typography>
        <TemplateSettingsForm value={settings} onChange={setSettings} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending || !rulesComplete(rules)}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ApplyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const apply = useApplyBackupPlans();
  const snackbar = useSnackbar();
  const [override, setOverride] = useState(false);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Apply backup plans</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Every matching backup gets the settings and tags of its first enabled matching plan.
        </DialogContentText>
        <RadioGroup value={override ? 'all' : 'keep'} onChange={(e) => setOverride(e.target.value === 'all')}>
          <FormControlLabel
            value="keep"
            control={<Radio />}
            label="Keep backups already governed by another plan as they are"
          />
          <FormControlLabel value="all" control={<Radio />} label="Re-apply to every matching backup (override)" />
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={apply.isPending}
          onClick={() =>
            apply.mutate(override, {
              onSuccess: (a) => {
                snackbar.success(`Applied to ${a.Applied.toLocaleString('en-US')} backups; ${a.Kept} kept their plan`);
                onClose();
              },
              onError: (e) => snackbar.error(e),
            })
          }
        >
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}
