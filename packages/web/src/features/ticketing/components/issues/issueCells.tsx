// Cells of the ticket issues grid: the issue's state, and its ticket in the PSA (linked when it can be).
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TicketIssue } from '@vigil/contract';
import { kindChip } from '../labels';

export function IssueStateChip({ state }: { state: TicketIssue['State'] }) {
  return (
    <Chip
      size="small"
      label={state}
      color={state === 'Failed' ? 'error' : state === 'Open' ? 'warning' : 'default'}
      variant={state === 'Closed' ? 'outlined' : 'filled'}
    />
  );
}

export function IssueTicketCell({ i }: { i: TicketIssue }) {
  const k = kindChip(i.Kind);
  if (!i.ExternalNumber)
    return (
      <Typography component="span" sx={{ fontSize: 'inherit', color: 'text.secondary' }}>
        {k.label}
      </Typography>
    );
  return i.ExternalUrl ? (
    <Link href={i.ExternalUrl} target="_blank" rel="noopener noreferrer" onClick={(e) => e.stopPropagation()}>
      #{i.ExternalNumber}
    </Link>
  ) : (
    `#${i.ExternalNumber}`
  );
}
