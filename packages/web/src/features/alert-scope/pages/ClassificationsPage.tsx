import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import type { AlertClassificationItem } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { DeleteIconButton } from '../../../components/DeleteIconButton';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { useClassifications, useDeleteClassification, useSaveClassification } from '../api/catalogue';
import { AlertTypesPanel } from '../components/AlertTypesPanel';
import { ClassificationDialog } from '../components/ClassificationDialog';
import { ScopeTabs } from '../components/ScopeTabs';

/** `/alert-scope/classifications`: classifications grouped by type (features §3.2), and the alert types. */
export default function ClassificationsPage() {
  const list = useClassifications();
  const save = useSaveClassification();
  const remove = useDeleteClassification();
  const snackbar = useSnackbar();
  const [editing, setEditing] = useState<AlertClassificationItem | 'new' | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const groups = useMemo(() => {
    const m = new Map<string, AlertClassificationItem[]>();
    for (const c of list.data ?? []) m.set(c.type, [...(m.get(c.type) ?? []), c]);
    return [...m].sort(([a], [b]) => a.localeCompare(b));
  }, [list.data]);

  return (
    <>
      <PageHeader
        eyebrow="Alert Scope"
        title="Classifications"
        subtitle="What kind of alert an e-mail is, grouped by type."
        actions={
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setEditing('new')}>
            Add classification
          </Button>
        }
      />
      <ScopeTabs />
      {list.isError && <QueryError error={list.error} onRetry={() => void list.refetch()} />}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 420px' } }}>
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {groups.map(([type, items]) => (
            <Paper key={type} variant="outlined" sx={{ borderRadius: '14px', p: 2 }} aria-label={type}>
              <Typography component="h2" sx={{ fontWeight: 700, fontSize: 15, mb: 1, textTransform: 'capitalize' }}>
                {type}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {items.map((c) => (
                  <Box component="li" key={c.id} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    <Typography sx={{ flex: 1, fontSize: 14 }}>{c.label}</Typography>
                    <Tooltip title="Edit">
                      <IconButton size="small" aria-label={`Edit ${c.label}`} onClick={() => setEditing(c)}>
                        <EditRoundedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <DeleteIconButton
                      label={`Delete ${c.label}`}
                      onClick={() =>
                        setConfirm({
                          title: 'Delete classification',
                          subject: c.label,
                          confirmLabel: 'Delete',
                          action: () => remove.mutateAsync(c.id),
                        })
                      }
                    />
                  </Box>
                ))}
              </Box>
            </Paper>
          ))}
          {list.data && !groups.length && <Typography color="text.secondary">No classifications yet.</Typography>}
        </Box>
        <AlertTypesPanel />
      </Box>
      {editing && (
        <ClassificationDialog
          title={editing === 'new' ? 'Add classification' : `Edit ${editing.label}`}
          initial={editing === 'new' ? { label: '', type: groups[0]?.[0] ?? '' } : editing}
          types={groups.map(([t]) => t)}
          onClose={() => setEditing(null)}
          onSave={async (input) => {
            await save.mutateAsync({ id: editing === 'new' ? null : editing.id, input });
            snackbar.success(`Classification ${input.label} saved`);
          }}
        />
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
