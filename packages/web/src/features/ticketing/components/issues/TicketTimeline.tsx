// A ticket's timeline: what happened, when (in the tenant's zone), by whom.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TicketEvent } from '@vigil/contract';
import { useTenantFormats } from '../../../../lib/tenantFormats';

const EVENT_LABEL: Record<TicketEvent['Kind'], string> = {
  created: 'Opened',
  delivered: 'Delivered',
  note: 'Note',
  closed: 'Closed',
  reopened: 'Reopened',
  linked: 'Linked',
  unlinked: 'Unlinked',
  error: 'Error',
};

export function TicketTimeline({ events }: { events: TicketEvent[] }) {
  const f = useTenantFormats();
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}>
      {events.length === 0 && <Typography sx={{ color: 'text.secondary' }}>No Items</Typography>}
      {events.map((e, i) => (
        <Box
          component="li"
          key={i}
          sx={{ borderLeft: 3, borderColor: e.Kind === 'error' ? 'error.main' : 'divider', pl: 1.25 }}
        >
          <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>
            {EVENT_LABEL[e.Kind]} · {f.dateTime(e.At)}
            {e.UserName ? ` · ${e.UserName}` : ''}
          </Typography>
          <Typography sx={{ fontSize: 14, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{e.Text}</Typography>
        </Box>
      ))}
    </Box>
  );
}
