import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/snackbar';
import { useSaveTenantNotes } from '../api/tenantAccounts';

const MAX = 4000;

/** The platform team's notes on a tenant; Billing administrators and higher edit them. */
export function TenantNotes({ tenantId, notes, canEdit }: { tenantId: number; notes: string; canEdit: boolean }) {
  const save = useSaveTenantNotes(tenantId);
  const snackbar = useSnackbar();
  const [draft, setDraft] = useState<string | null>(null);
  const tooLong = (draft?.length ?? 0) > MAX;

  const submit = async () => {
    if (draft === null || tooLong) return;
    try {
      await save.mutateAsync(draft);
      snackbar.success('Successfully updated');
      setDraft(null);
    } catch (err) {
      snackbar.error(err);
    }
  };

  return (
    <Box component="section" aria-label="Notes" sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          Notes
        </Typography>
        {canEdit && draft === null && (
          <Button size="small" onClick={() => setDraft(notes)}>
            Edit notes
          </Button>
        )}
      </Box>
      {draft === null ? (
        <Typography sx={{ whiteSpace: 'pre-wrap', color: notes ? 'text.primary' : 'text.secondary', fontSize: 14 }}>
          {notes || 'No notes.'}
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <TextField
            label="Notes"
            multiline
            minRows={3}
            autoFocus
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            error={tooLong}
            helperText={tooLong ? `Notes must be at most ${MAX} characters` : `${draft.length} / ${MAX}`}
          />
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            <Button onClick={() => setDraft(null)} disabled={save.isPending}>
              Cancel
            </Button>
            <Button variant="contained" onClick={() => void submit()} disabled={save.isPending || tooLong}>
              Save notes
            </Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}
