import { useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TemplateRow } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SearchField } from '../../../components/SearchField';
import { useSnackbar } from '../../../components/snackbar';
import { useWindowManager } from '../../../components/WindowManagerProvider';
import { usePermissions } from '../../../lib/permissions';
import {
  useApplyTemplates,
  useCopyTemplate,
  useCreateTemplate,
  useDeleteTemplates,
  useTemplateApplyPreview,
  useTemplates,
  useToggleTemplate,
  useTemplateTableUpdates,
} from '../api/templates';

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** Manage → Templates: the list, auto-activation, create, copy, delete, edit and apply. */
export default function TemplatesPage() {
  useTemplateTableUpdates();
  const [search, setSearch] = useState('');
  const list = useTemplates(search);
  const canEdit = usePermissions(['manage.getTemplates', 'manage.editTemplates']);
  const canApply = usePermissions(['manage.editTemplates', 'manage.editbackups']);
  const navigate = useNavigate();
  const manager = useWindowManager();
  const snackbar = useSnackbar();
  const toggle = useToggleTemplate();
  const copy = useCopyTemplate();
  const remove = useDeleteTemplates();
  const [creating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [applying, setApplying] = useState<TemplateRow | null>(null);

  const editSettings = (row: TemplateRow) => {
    const url = `/window/manage/templates/edit/${row.Id}`;
    if (!manager.open(`template-edit-${row.Id}`, url, { width: 900, height: 950 }, `Template: ${row.Name}`)) {
      void navigate(url);
    }
  };

  // Window templates/policy: what the template gives its backups, read only.
  const viewPolicy = (row: TemplateRow) => {
    const url = `/window/manage/templates/policy?templateId=${row.Id}`;
    if (!manager.open(`template-policy-${row.Id}`, url, { width: 800, height: 760 }, `Policy: ${row.Name}`)) {
      void navigate(url);
    }
  };

  const columns: Column<TemplateRow>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (r) => (
        <Button size="small" onClick={() => void navigate(`rules/${r.Id}`)} sx={{ textTransform: 'none' }}>
          {r.Name}
        </Button>
      ),
    },
    { key: 'backups', header: 'Linked backups', align: 'right', render: (r) => r.BackupsCount.toLocaleString('en-US') },
    {
      key: 'auto',
      header: 'Auto-activation',
      render: (r) => (
        <Switch
          checked={r.isActive}
          disabled={!canEdit || toggle.isPending}
          slotProps={{ input: { 'aria-label': `Auto-activation of ${r.Name}` } }}
          onChange={(e) =>
            toggle.mutate(
              { id: r.Id, on: e.target.checked },
              {
                onSuccess: (t) => snackbar.success(`Auto-activation ${t.isActive ? 'on' : 'off'} for ${t.Name}`),
                onError: (err) => snackbar.error(err),
              },
            )
          }
        />
      ),
    },
    {
      key: 'companies',
      header: 'Companies',
      hideBelow: 'md',
      render: (r) =>
        r.CompanyNames.length ? (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            {r.CompanyNames.map((c) => (
              <Chip key={c} size="small" label={c} />
            ))}
          </Box>
        ) : (
          'All companies'
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      nowrap: true,
      render: (r) => (
        <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }}>
          <Button size="small" onClick={() => void navigate(`rules/${r.Id}`)}>
            Rules
          </Button>
          <Button size="small" onClick={() => viewPolicy(r)}>
            Policy
          </Button>
          {canEdit && (
            <Button size="small" onClick={() => editSettings(r)}>
              Settings
            </Button>
          )}
          {canApply && (
            <Button size="small" onClick={() => setApplying(r)}>
              Apply
            </Button>
          )}
          {canEdit && (
            <Button
              size="small"
              onClick={() =>
                copy.mutate(r.Id, {
                  onSuccess: (t) => snackbar.success(`Created ${t.Name}`),
                  onError: (err) => snackbar.error(err),
                })
              }
            >
              Copy
            </Button>
          )}
          {canEdit && (
            <Button
              size="small"
              color="error"
              onClick={() =>
                setConfirm({
                  title: 'Delete template',
                  subject: `${r.Name}? Its ${plural(r.BackupsCount, 'backup')} keep their settings as standalone backups.`,
                  confirmLabel: 'Yes, Delete',
                  action: async () => {
                    await remove.mutateAsync([r.Id]);
                    snackbar.success(`Deleted ${r.Name}`);
                  },
                })
              }
            >
              Delete
            </Button>
          )}
        </Box>
      ),
    },
  ];

  return (
    <Box>
      <PageHeader
        title="Templates"
        subtitle="Backup settings and matching rules. Applying a template links the backups it matches; they follow every later change of its settings."
        actions={
          canEdit && (
            <Button variant="contained" onClick={() => setCreating(true)}>
              New template
            </Button>
          )
        }
      />
      {list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable
          caption="Templates"
          columns={columns}
          rows={list.data?.Results}
          rowKey={(r) => r.Id}
          loading={list.isPending}
          toolbar={<SearchField id="templates-search" label="Search templates" value={search} onChange={setSearch} />}
        />
      )}
      <CreateTemplateDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => void navigate(`rules/${id}`)}
      />
      <ApplyTemplateDialog template={applying} onClose={() => setApplying(null)} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Box>
  );
}

function CreateTemplateDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateTemplate();
  const snackbar = useSnackbar();
  const submit = () => {
    if (!name.trim()) return setError('Name is required');
    create.mutate(name.trim(), {
      onSuccess: (t) => {
        snackbar.success(`Created ${t.Name}`);
        setName('');
        onClose();
        onCreated(t.Id);
      },
      onError: (err) => setError(err instanceof Error ? err.message : String(err)),
    });
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>New template</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          label="Name"
          value={name}
          error={!!error}
          helperText={error}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={create.isPending}>
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Apply with a preview first: the matching backups, conflicts with other templates marked. */
export function ApplyTemplateDialog({ template, onClose }: { template: TemplateRow | null; onClose: () => void }) {
  const apply = useApplyTemplates();
  const snackbar = useSnackbar();
  const preview = useTemplateApplyPreview(template?.Id ?? null);
  const [includeConflicts, setIncludeConflicts] = useState(false);
  const close = () => {
    setIncludeConflicts(false);
    onClose();
  };
  const t = template ? preview.data?.Templates[0] : undefined;
  const conflicts = t?.Backups.filter((b) => b.HasConflict).length ?? 0;
  const run = () => {
    if (!template) return;
    apply.mutate(
      { Ids: [template.Id], Preview: false, IncludeConflicts: includeConflicts },
      {
        onSuccess: (a) => {
          snackbar.success(
            `Applied ${template.Name} to ${plural(a.Applied, 'backup')}${a.Activated ? `, ${a.Activated} activated` : ''}`,
          );
          close();
        },
        onError: (err) => snackbar.error(err),
      },
    );
  };
  return (
    <Dialog open={!!template} onClose={close} fullWidth maxWidth="md">
      <DialogTitle>Apply {template?.Name}</DialogTitle>
      <DialogContent>
        {preview.isError ? (
          <QueryError error={preview.error} onRetry={() => void preview.refetch()} />
        ) : !t ? (
          <Typography color="text.secondary">Loading...</Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Typography>
              {plural(t.Backups.length, 'matching backup')}. Inactive ones are activated with the template's settings.
            </Typography>
            {t.HasConflict && (
              <Alert severity="warning">
                {plural(conflicts, 'backup')} also match another template. They are skipped unless you apply them here.
              </Alert>
            )}
            {t.HasConflict && (
              <FormControlLabel
                control={
                  <Checkbox checked={includeConflicts} onChange={(e) => setIncludeConflicts(e.target.checked)} />
                }
                label="Apply this template to the conflicting backups too"
              />
            )}
            <DataTable
              caption="Matching backups"
              rows={t.Backups}
              rowKey={(b) => b.Id}
              columns={[
                { key: 'device', header: 'Device', render: (b) => b.DeviceName },
                { key: 'job', header: 'Job', render: (b) => b.JobName, hideBelow: 'sm' },
                { key: 'company', header: 'Company', render: (b) => b.CompanyName },
                { key: 'state', header: 'State', render: (b) => b.State },
                {
                  key: 'conflict',
                  header: 'Conflict',
                  render: (b) =>
                    b.HasConflict ? <Chip size="small" color="warning" label={b.ConflictsWith.join(', ')} /> : '',
                },
              ]}
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" onClick={run} disabled={!t || apply.isPending || t.Backups.length === 0}>
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}
