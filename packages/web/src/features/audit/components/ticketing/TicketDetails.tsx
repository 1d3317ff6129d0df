import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type PolicyTicket } from '@vigil/contract';
import { resolveErrorMessage } from '../../../../lib/errors';
import { ConfirmDialog, type ConfirmRequest } from '../../../../components/ConfirmDialog';
import { useSnackbar } from '../../../../components/snackbar';
import { useTenantFormats } from '../../../../lib/tenantFormats';
import { useAddNote, useTicketDetails, useUnlinkTicket } from './ticketingApi';

function NoteForm({ ticket, onDone }: { ticket: PolicyTicket; onDone: () => void }) {
  const snackbar = useSnackbar();
  const add = useAddNote();
  const [note, setNote] = useState('');
  const [close, setClose] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!note.trim()) {
      setError('Note is required');
      return;
    }
    try {
      await add.mutateAsync({ TicketId: ticket.Id, Note: note.trim(), Close: close });
      snackbar.success(close ? 'Note added; the ticket is being closed' : 'Note added');
      setNote('');
      setClose(false);
      onDone();
    } catch (err) {
      setError(resolveErrorMessage(err));
    }
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ mt: 1.5 }}
    >
      <TextField
        label="Note"
        value={note}
        onChange={(e) => {
          setNote(e.target.value);
          setError(null);
        }}
        multiline
        minRows={2}
        fullWidth
        error={!!error}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { maxLength: 10000 } }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <FormControlLabel
          control={<Checkbox checked={close} onChange={(e) => setClose(e.target.checked)} />}
          label="Close the ticket"
        />
        <Box sx={{ flex: 1 }} />
        <Button type="submit" variant="contained" loading={add.isPending}>
          {close ? 'Add note and close' : 'Add note'}
        </Button>
      </Box>
    </Box>
  );
}

/** A ticket opened in the list: its history, what the PSA holds, and a note for those who may edit. */
export function Details({ ticket, policyId, canEdit }: { ticket: PolicyTicket; policyId: number; canEdit: boolean }) {
  const f = useTenantFormats();
  const snackbar = useSnackbar();
  const details = useTicketDetails(ticket.Id);
  const unlink = useUnlinkTicket(policyId);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [noting, setNoting] = useState(false);
  const d = details.data;
  const events = d?.Events ?? [];
  const notes = d?.Psa?.Notes ?? [];
  const live = ticket.State === 'Open' || ticket.State === 'Pending';

  return (
    <Box sx={{ px: 2, pb: 2, pt: 0.5 }} data-testid={`ticket-details-${ticket.Id}`}>
      {details.isPending ? (
        <Skeleton height={80} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Box>
            <Typography sx={{ fontWeight: 650, fontSize: 13.5, mb: 0.75 }}>History</Typography>
            {events.length === 0 ? (
              <Typography sx={{ color: 'text.secondary', fontSize: 13.5 }}>No Items</Typography>
            ) : (
              <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
                {events.map((e, i) => (
                  <Box component="li" key={`${e.At}-${i}`} sx={{ fontSize: 13.5 }}>
                    <Typography component="span" sx={{ color: 'text.secondary', fontSize: 12.5, display: 'block' }}>
                      {f.dateTime(e.At)}
                      {e.UserName ? ` · ${e.UserName}` : ''}
                    </Typography>
                    <Box component="span" sx={{ color: e.Kind === 'error' ? 'error.main' : undefined }}>
                      {e.Text}
                    </Box>
                  </Box>
                ))}
              </Box>
            )}
          </Box>
          <Box>
            <Typography sx={{ fontWeight: 650, fontSize: 13.5, mb: 0.75 }}>
              In the PSA
              {d?.Psa?.StatusName ? ` · ${d.Psa.StatusName}` : ''}
            </Typography>
            {notes.length === 0 ? (
              <Typography sx={{ color: 'text.secondary', fontSize: 13.5 }}>No Items</Typography>
            ) : (
              <Box
                component="ol"
                sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}
                aria-label="PSA notes"
              >
                {notes.map((n, i) => (
                  <Box component="li" key={i} sx={{ fontSize: 13.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    <Typography component="span" sx={{ color: 'text.secondary', fontSize: 12.5, display: 'block' }}>
                      {[n.At ? f.dateTime(n.At) : null, n.Author].filter(Boolean).join(' · ') || 'Note'}
                    </Typography>
                    {n.Text}
                  </Box>
                ))}
              </Box>
            )}
          </Box>
        </Box>
      )}
      {canEdit && live && (
        <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
          <Button size="small" variant="outlined" onClick={() => setNoting((x) => !x)}>
            Add note / close
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() =>
              setConfirm({
                title: 'Unlink ticket',
                message: 'The ticket stays as it is in the PSA; Vigil stops following it for this backup. Unlink:',
                subject: ticket.Subject,
                confirmLabel: 'Unlink',
                action: async () => {
                  await unlink.mutateAsync(ticket.Id);
                  snackbar.success('Ticket unlinked');
                },
              })
            }
          >
            Unlink
          </Button>
        </Box>
      )}
      {noting && <NoteForm ticket={ticket} onDone={() => setNoting(false)} />}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Box>
  );
}
