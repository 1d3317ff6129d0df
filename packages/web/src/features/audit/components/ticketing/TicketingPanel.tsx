import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import LinkRoundedIcon from '@mui/icons-material/LinkRounded';
import { PROFILE_TYPE_TEXT } from '@vigil/contract';
import type { PopupBackup } from '../../../../lib/auditWindows';
import { QueryError } from '../../../../components/QueryError';
import { useTenantFormats } from '../../../../lib/tenantFormats';
import { PopupHeading } from '../../../../components/results/popups/PopupFrame';
import { TICKETS_PAGE_SIZE, usePolicyTickets } from './ticketingApi';
import { Details } from './TicketDetails';
import { CreateForm, LinkForm } from './TicketForms';
import { ExternalNumber, TicketStateChip } from './ticketParts';

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
