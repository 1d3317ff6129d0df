// The time (UTC, with how long ago) and the user (with tenant) of a sign-in.
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { LoginActivity } from '@vigil/contract';
import { relativeTime } from '../../../../lib/format';
import { formatUtc } from '../../../../lib/utcFormat';

export function SignInTime({ a }: { a: LoginActivity }) {
  return (
    <Tooltip title={formatUtc(a.At, 'MM/DD/yyyy hh:mm:ss A')}>
      <Box>
        <Typography sx={{ fontSize: 14 }}>{formatUtc(a.At)}</Typography>
        <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>{relativeTime(a.At)}</Typography>
      </Box>
    </Tooltip>
  );
}

export function SignInUser({ a }: { a: LoginActivity }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontSize: 14, fontWeight: 600, overflowWrap: 'anywhere' }}>{a.UserName}</Typography>
      <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>{a.TenantName ?? 'Platform'}</Typography>
      <Typography sx={{ fontSize: 12.5, color: 'text.secondary', display: { xs: 'block', sm: 'none' } }}>
        {formatUtc(a.At)}
      </Typography>
    </Box>
  );
}
