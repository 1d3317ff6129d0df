import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import LinkRoundedIcon from '@mui/icons-material/LinkRounded';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import { PROFILE_TYPE_TEXT, type PolicyTicket, type TicketState } from '@vigil/contract';
import type { PopupBackup } from '../../../lib/auditWindows';
import { resolveErrorMessage } from '../../../lib/errors';
import { ConfirmDialog, type ConfirmRequest } from '../../ConfirmDialog';
import { QueryError } from '../../QueryError';
import { useSnackbar } from '../../snackbar';
import { useTenantFormats } from '../formats';
import { PopupHeading } from '../popups/PopupFrame';
import {
  TICKETS_PAGE_SIZE,
  useAddNote,
  useCreateTicket,
  useLinkTicket,
  usePolicyTickets,
  useProfileChoices,
  useTicketDetails,
  useUnlinkTicket,
} from './ticketingApi';

const STATE_COLOURS: Record<TicketState, ChipProps['color']> = {
  Pending: 'info',
  Open: 'warning',
  Closed: 'success',
  Failed: 'error',
  Unlinked: 'default',
};

export function TicketStateChip({ state }: { state: TicketState }) {
  return <Chip size="small" color={STATE_COLOURS[state]} variant="outlined" label={state} sx={{ fontWeight: 600 }} />;
}

/** The PSA's number, linking out to the ticket in the PSA when it gave an address. */
function ExternalNumber({ t }: { t: PolicyTicket }) {
  const number = t.ExternalNumber ?? t.ExternalId;
  if (!number) return null;
  if (!t.ExternalUrl) return <Typography sx={{ fontSize: 13.5, fontWeight: 600 }}>#{number}</Typography>;
  return (
    <Link
      href={t.ExternalUrl}
      target="_blank"
      rel="noopener noreferrer"
      sx={{ fontSize: 13.5, fontWeight: 600, display: 'inline-flex', alignItems: 'center', gap: 0.25 }}
      onClick={(e) => e.stopPropagation()}
      aria-label={`Open ticket #${number} in the PSA`}
    >
      #{number}
      <OpenInNewRoundedIcon sx={{ fontSize: 14 }} />
    </Link>
  );
}

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

function Details({ ticket, policyId, canEdit }: { ticket: PolicyTicket; policyId: number; canEdit: boolean }) {
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

function CreateForm({ policyId, onDone }: { policyId: number; onDone: () => void }) {
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

function LinkForm({ policyId, onDone }: { policyId: number; onDone: () => void }) {
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

/**
 * The ticketing popup of a backup (features §2.3 `ticketing/{policyId}`): its tickets ten to a
 * page, newest first, each opening to its history and what the PSA holds; create, link,
 * unlink and note for those who may edit audit results.
 */
export function TicketingPanel({
  policyId,
  backup,
  canEdit,
}: {
  policyId: number;
  backup: PopupBackup | null;
  canEdit: boolean;
}) {
  const f = useTenantFormats();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [form, setForm] = useState<'create' | 'link' | null>(null);
  const list = usePolicyTickets(policyId, page);
  const total = list.data?.TicketsCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / TICKETS_PAGE_SIZE));

  return (
    <Box>
      {backup ? (
        <PopupHeading title="Tickets" backups={[backup]} titleId="popup-title" />
      ) : (
        <Typography id="popup-title" variant="h5" component="h1" sx={{ mb: 2.5 }}>
          Tickets of backup #{policyId}
        </Typography>
      )}
      {canEdit && (
        <Box sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Button
            variant={form === 'create' ? 'contained' : 'outlined'}
            startIcon={<AddRoundedIcon />}
            onClick={() => setForm((x) => (x === 'create' ? null : 'create'))}
          >
            Create ticket
          </Button>
          <Button
            variant={form === 'link' ? 'contained' : 'outlined'}
            startIcon={<LinkRoundedIcon />}
            onClick={() => setForm((x) => (x === 'link' ? null : 'link'))}
          >
            Link existing ticket
          </Button>
        </Box>
      )}
      <Collapse in={!!form} unmountOnExit>
        <Box sx={{ mb: 2 }}>
          {form === 'create' && <CreateForm policyId={policyId} onDone={() => setForm(null)} />}
          {form === 'link' && <LinkForm policyId={policyId} onDone={() => setForm(null)} />}
        </Box>
      </Collapse>

      {list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Skeleton height={160} />
      ) : list.data.Tickets.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderRadius: '12px' }}>
          <Typography sx={{ color: 'text.secondary' }}>No tickets for this backup yet.</Typography>
        </Paper>
      ) : (
        <Box component="ul" aria-label="Tickets" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
          {list.data.Tickets.map((t) => {
            const expanded = open === t.Id;
            return (
              <Paper component="li" key={t.Id} variant="outlined" sx={{ borderRadius: '12px', overflow: 'hidden' }}>
                {/* The whole row toggles for the mouse; the chevron button is the keyboard's way in. */}
                <Box
                  onClick={() => setOpen(expanded ? null : t.Id)}
                  sx={{
                    cursor: 'pointer',
                    display: 'grid',
                    gridTemplateColumns: 'auto 1fr auto',
                    alignItems: 'center',
                    gap: 1.5,
                    pl: 2,
                    pr: 1,
                    py: 1,
                    '&:hover': { bgcolor: 'action.hover' },
                  }}
                >
                  <TicketStateChip state={t.State} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, fontSize: 14.5, overflowWrap: 'anywhere' }}>
                      {t.Subject}
                    </Typography>
                    <Box
                      sx={{
                        display: 'flex',
                        gap: 1,
                        alignItems: 'center',
                        flexWrap: 'wrap',
                        color: 'text.secondary',
                        fontSize: 12.5,
                      }}
                    >
                      <ExternalNumber t={t} />
                      <span>{PROFILE_TYPE_TEXT[t.Kind]}</span>
                      <span>Opened {f.dateTime(t.OpenedAt)}</span>
                      {t.ClosedAt && <span>Closed {f.dateTime(t.ClosedAt)}</span>}
                      {t.Manual && <span>Manual</span>}
                    </Box>
                  </Box>
                  <IconButton
                    aria-expanded={expanded}
                    aria-label={`Details of ticket ${t.ExternalNumber ?? t.ExternalId ?? t.Id}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      setOpen(expanded ? null : t.Id);
                    }}
                  >
                    <ExpandMoreRoundedIcon
                      sx={{ transition: 'transform 150ms', transform: expanded ? 'rotate(180deg)' : 'none' }}
                    />
                  </IconButton>
                </Box>
                <Collapse in={expanded} unmountOnExit>
                  <Details ticket={t} policyId={policyId} canEdit={canEdit} />
                </Collapse>
              </Paper>
            );
          })}
        </Box>
      )}
      {pages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Pagination count={pages} page={page} onChange={(_e, p) => setPage(p)} aria-label="Ticket pages" />
        </Box>
      )}
    </Box>
  );
}
