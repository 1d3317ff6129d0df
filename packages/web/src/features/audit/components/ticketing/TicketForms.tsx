import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { PROFILE_TYPE_TEXT } from '@vigil/contract';
import { resolveErrorMessage } from '../../../../lib/errors';
import { useSnackbar } from '../../../../components/snackbar';
import { useCreateTicket, useLinkTicket, useProfileChoices } from './ticketingApi';

/** Opens a ticket for the backup with one of the ticket profiles. */
export function CreateForm({ policyId, onDone }: { policyId: number; onDone: () => void }) {
  const snackbar = useSnackbar();
  const profiles = useProfileChoices(true);
  const create = useCreateTicket(policyId);
  const [profileId, setProfileId] = useState('');
  const [subject, setSubject] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!profileId) {
      setError('Choose a ticket profile');
      return;
    }
    try {
      await create.mutateAsync({ ProfileId: Number(profileId), Subject: subject.trim() || null, Description: null });
      snackbar.success('Ticket requested; it appears in the PSA in a moment');
      onDone();
    } catch (err) {
      setError(resolveErrorMessage(err));
    }
  };
  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ p: 2, borderRadius: '12px', display: 'grid', gap: 1.5 }}
      aria-label="Create ticket"
    >
      <TextField
        select
        label="Ticket profile"
        value={profileId}
        onChange={(e) => {
          setProfileId(e.target.value);
          setError(null);
        }}
        required
        disabled={profiles.isPending}
        error={profiles.isError}
        helperText={
          profiles.isError
            ? resolveErrorMessage(profiles.error)
            : profiles.data?.length === 0
              ? 'No ticket profiles yet: create one under Tickets → Ticket Profiles'
              : 'Where the ticket goes and how it reads'
        }
      >
        {(profiles.data ?? []).map((p) => (
          <MenuItem key={p.Id} value={String(p.Id)}>
            {p.Name} ({PROFILE_TYPE_TEXT[p.Type]})
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Subject"
        value={subject}
        onChange={(e) => setSubject(e.target.value)}
        helperText="Leave blank for the profile's subject"
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="contained" loading={create.isPending}>
          Create ticket
        </Button>
      </Box>
    </Paper>
  );
}

/** Links a ticket that already exists in the PSA to the backup. */
export function LinkForm({ policyId, onDone }: { policyId: number; onDone: () => void }) {
  const snackbar = useSnackbar();
  const link = useLinkTicket(policyId);
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!number.trim()) {
      setError('Ticket number is required');
      return;
    }
    try {
      await link.mutateAsync(number.trim().replace(/^#/, ''));
      snackbar.success('Ticket linked');
      onDone();
    } catch (err) {
      setError(resolveErrorMessage(err));
    }
  };
  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ p: 2, borderRadius: '12px', display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
      aria-label="Link existing ticket"
    >
      <TextField
        label="PSA ticket number"
        value={number}
        onChange={(e) => {
          setNumber(e.target.value);
          setError(null);
        }}
        error={!!error}
        helperText={error ?? 'The ticket is looked up in the PSA'}
        sx={{ flex: 1, minWidth: 200 }}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <Button type="submit" variant="contained" loading={link.isPending} sx={{ mt: 1 }}>
        Link
      </Button>
      <Button onClick={onDone} sx={{ mt: 1 }}>
        Cancel
      </Button>
    </Paper>
  );
}
