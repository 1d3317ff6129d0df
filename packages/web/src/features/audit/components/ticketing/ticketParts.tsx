import Chip, { type ChipProps } from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import { type PolicyTicket, type TicketState } from '@vigil/contract';

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
export function ExternalNumber({ t }: { t: PolicyTicket }) {
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
