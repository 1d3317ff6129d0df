import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import type { NerLabel } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { DeleteIconButton } from '../../../components/DeleteIconButton';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { NerKind } from '../../../lib/alerts';
import { useCreateNerLabel, useDeleteNerLabel, useNerLabels, useRenameNerLabel } from '../api/catalogue';
import { RenameDialog } from '../components/RenameDialog';
import { ScopeTabs } from '../components/ScopeTabs';

/**
 * `/alert-scope/labels`: the NER labels (features §3.2, §9). A new label is always a named
 * entity; key-value labels come from the e-mails themselves and cannot be renamed or deleted.
 */
export default function NerLabelsPage() {
  const labels = useNerLabels();
  const create = useCreateNerLabel();
  const rename = useRenameNerLabel();
  const remove = useDeleteNerLabel();
  const snackbar = useSnackbar();
  const [nerLabel, setNerLabel] = useState('');
  const [touched, setTouched] = useState(false);
  const [renaming, setRenaming] = useState<NerLabel | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const missing = touched && !nerLabel.trim();

  const add = async () => {
    setTouched(true);
    if (!nerLabel.trim()) return;
    try {
      const l = await create.mutateAsync(nerLabel.trim());
      snackbar.success(`Label ${l.label} created`);
      setNerLabel('');
      setTouched(false);
    } catch (err) {
      snackbar.error(err);
    }
  };

  const columns: Column<NerLabel>[] = [
    { key: 'label', header: 'Label', render: (l) => <strong>{l.label}</strong> },
    {
      key: 'type',
      header: 'Type',
      render: (l) =>
        l.nerType === NerKind.KeyValue ? (
          <Chip size="small" variant="outlined" label="Key-value" />
        ) : (
          <Chip size="small" color="primary" variant="outlined" label="Named entity" />
        ),
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      render: (l) =>
        l.nerType === NerKind.KeyValue ? null : (
          <Box sx={{ display: 'inline-flex' }}>
            <Tooltip title="Rename">
              <IconButton aria-label={`Rename ${l.label}`} onClick={() => setRenaming(l)}>
                <EditRoundedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <DeleteIconButton
              label={`Delete ${l.label}`}
              onClick={() =>
                setConfirm({
                  title: 'Delete label',
                  subject: l.label,
                  confirmLabel: 'Delete',
                  action: async () => {
                    await remove.mutateAsync(l.id);
                    snackbar.success(`Label ${l.label} deleted`);
                  },
                })
              }
            />
          </Box>
        ),
    },
  ];

  return (
    <>
      <PageHeader eyebrow="Alert Scope" title="NER labels" subtitle="The entities the model marks in alert e-mails." />
      <ScopeTabs />
      <Box
        component="form"
        noValidate
        onSubmit={(ev) => {
          ev.preventDefault();
          void add();
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 2, maxWidth: 520 }}
      >
        <TextField
          id="nerLabel"
          name="nerLabel"
          size="small"
          label="New label"
          value={nerLabel}
          required
          error={missing}
          helperText={missing ? 'Label is required' : ' '}
          onChange={(ev) => setNerLabel(ev.target.value)}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained" disabled={create.isPending}>
          Create
        </Button>
      </Box>
      {labels.isError && <QueryError error={labels.error} onRetry={() => void labels.refetch()} />}
      <DataTable
        caption="NER labels"
        columns={columns}
        rows={labels.data}
        rowKey={(l) => l.id}
        loading={labels.isPending}
        emptyText="No labels yet."
      />
      {renaming && (
        <RenameDialog
          title={`Rename ${renaming.label}`}
          initial={renaming.label}
          onClose={() => setRenaming(null)}
          onSave={async (NewLabel) => {
            await rename.mutateAsync({ OldLabel: renaming.label, NewLabel });
            snackbar.success(`Label renamed to ${NewLabel}`);
          }}
        />
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
