// The columns of the outbox: when sent, subject (opens the message), recipient and transport.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { OutboxMessage } from '@vigil/contract';
import type { Column } from '../../../../components/DataTable';
import { relativeTime } from '../../../../lib/format';
import { formatUtc } from '../../../../lib/utcFormat';

export function outboxColumns(setOpen: (m: OutboxMessage) => void): Column<OutboxMessage>[] {
  return [
    {
      key: 'sent',
      header: 'Sent',
      nowrap: true,
      render: (m) => (
        <Box>
          <Typography sx={{ fontSize: 14 }}>{formatUtc(m.SentAt)}</Typography>
          <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>{relativeTime(m.SentAt)}</Typography>
        </Box>
      ),
    },
    {
      key: 'subject',
      header: 'Subject',
      render: (m) => (
        <Box sx={{ minWidth: 0 }}>
          <Link
            component="button"
            type="button"
            onClick={(e) => {
              e.stopPropagation();
              setOpen(m);
            }}
            sx={{ fontWeight: 600, fontSize: 14.5, textAlign: 'left' }}
          >
            {m.Subject || '(no subject)'}
          </Link>
          <Typography
            sx={{
              fontSize: 13,
              color: 'text.secondary',
              display: { xs: 'block', md: 'none' },
              overflowWrap: 'anywhere',
            }}
          >
            {m.To}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'to',
      header: 'To',
      hideBelow: 'md',
      render: (m) => <Typography sx={{ fontSize: 14, overflowWrap: 'anywhere' }}>{m.To}</Typography>,
    },
    {
      key: 'transport',
      header: 'Transport',
      hideBelow: 'lg',
      render: (m) => (
        <Chip
          label={m.Transport}
          size="small"
          variant="outlined"
          color={m.Transport.includes('failed') ? 'error' : 'default'}
        />
      ),
    },
  ];
}
