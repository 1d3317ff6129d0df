import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { QueryError } from '../../../components/QueryError';
import { useTicketDetails } from '../api/issues';
import { TicketTimeline } from './issues/TicketTimeline';
import { kindChip } from './labels';

/** One ticket (right drawer, 420 wide): what it is, where it lives and its timeline. */
export function TicketDetailsDrawer({ ticketId, onClose }: { ticketId: number | null; onClose: () => void }) {
  const details = useTicketDetails(ticketId);
  const f = useTenantFormats();
  const d = details.data;
  return (
    <Drawer
      anchor="right"
      open={!!ticketId}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 420 } } } }}
    >
      <Box sx={{ p: 2, display: 'grid', gap: 1.5 }} role="region" aria-label="Ticket details">
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
            {d?.Subject ?? 'Ticket'}
          </Typography>
          <IconButton aria-label="Close" onClick={onClose}>
            <CloseRoundedIcon />
          </IconButton>
        </Box>
        {details.isPending && <CircularProgress aria-label="Loading ticket" />}
        {details.isError && <QueryError error={details.error} onRetry={() => void details.refetch()} />}
        {d && (
          <>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <Chip size="small" variant="outlined" color={kindChip(d.Kind).color} label={kindChip(d.Kind).label} />
              <Chip
                size="small"
                label={d.State}
                color={d.State === 'Failed' ? 'error' : d.State === 'Open' ? 'warning' : 'default'}
              />
              {d.ExternalNumber &&
                (d.ExternalUrl ? (
                  <Link href={d.ExternalUrl} target="_blank" rel="noopener noreferrer">
                    #{d.ExternalNumber}
                  </Link>
                ) : (
                  <span>#{d.ExternalNumber}</span>
                ))}
            </Box>
            <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
              Opened {f.dateTime(d.OpenedAt)}
              {d.ClosedAt ? ` · closed ${f.dateTime(d.ClosedAt)}` : ''}
            </Typography>
            {d.Psa && (
              <Box sx={{ p: 1.25, borderRadius: 1, bgcolor: 'action.hover', fontSize: 14 }}>
                In the PSA: {d.Psa.StatusName ?? 'unknown status'}
                {d.Psa.Closed ? ' (closed)' : ''}
                {d.Psa.CompanyName ? ` · ${d.Psa.CompanyName}` : ''}
              </Box>
            )}
            <Divider />
            <Typography variant="subtitle2" component="h3">
              Timeline
            </Typography>
            <TicketTimeline events={d.Events} />
          </>
        )}
      </Box>
    </Drawer>
  );
}
