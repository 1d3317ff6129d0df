import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ItGluePushState } from '@vigil/contract';
import { useTenantFormats } from '../../../lib/tenantFormats';

/** A company's last push: its status, when (tenant time), and IT Glue's reason when it failed. */
export function PushState({ push }: { push: ItGluePushState | null }) {
  const f = useTenantFormats();
  if (!push) return <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>Not pushed yet</Typography>;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25, alignItems: 'flex-start' }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" color={push.Status === 'Pushed' ? 'success' : 'error'} label={push.Status} />
        <Typography component="span" sx={{ fontSize: 13, color: 'text.secondary' }}>
          {f.dateTime(push.PushedAt)}
        </Typography>
      </Box>
      {push.Message && (
        <Typography sx={{ fontSize: 12, color: 'error.main', overflowWrap: 'anywhere' }}>{push.Message}</Typography>
      )}
      {push.Status === 'Pushed' && push.Configurations > 0 && (
        <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>
          {push.Configurations === 1 ? '1 configuration' : `${push.Configurations} configurations`}
        </Typography>
      )}
    </Box>
  );
}
