// Who a sent e-mail went to, when (UTC) and by which transport.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OutboxMessage } from '@vigil/contract';
import { formatUtc } from '../../../../lib/utcFormat';

export function OutboxMessageMeta({ message }: { message: OutboxMessage }) {
  return (
    <Box
      sx={{
        px: 3,
        pb: 1.5,
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        columnGap: 2,
        rowGap: 0.5,
        fontSize: 14,
      }}
    >
      <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>To</Typography>
      <Typography sx={{ fontSize: 14, overflowWrap: 'anywhere' }}>{message.To}</Typography>
      <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>Sent</Typography>
      <Typography sx={{ fontSize: 14 }}>{formatUtc(message.SentAt)}</Typography>
      <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>Transport</Typography>
      <Typography sx={{ fontSize: 14 }}>{message.Transport}</Typography>
    </Box>
  );
}
