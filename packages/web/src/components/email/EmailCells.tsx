import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isPendingState, isUnrecognised, vendorLabel } from '../../lib/ingest';
import { ResultStatusChip, ToneChip } from './chips';
import type { EmailRow } from './emailRow';

/** The vendor and the results of an e-mail in its list row. */
export function ResultsSummary({ email }: { email: EmailRow }) {
  if (email.Results.length === 0) {
    if (isPendingState(email.State))
      return <Typography sx={{ color: 'text.secondary', fontSize: 13.5 }}>Waiting to be parsed</Typography>;
    return (
      <Typography sx={{ color: 'text.secondary', fontSize: 13.5 }}>
        {email.Vendor ? 'No results found' : 'No results'}
      </Typography>
    );
  }
  const shown = email.Results.slice(0, 3);
  const more = email.Results.length - shown.length;
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
      {shown.map((r, i) => (
        <Box key={r.ResultId ?? i} sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Box sx={{ flexShrink: 0, minWidth: 82 }}>
            <ResultStatusChip status={r.Status} />
          </Box>
          <Typography noWrap sx={{ fontSize: 13.5, minWidth: 0 }} title={`${r.JobName} · ${r.DeviceName}`}>
            <Box component="span" sx={{ fontWeight: 600 }}>
              {r.JobName}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {' · '}
              {r.DeviceName}
            </Box>
          </Typography>
        </Box>
      ))}
      {more > 0 && (
        <Typography sx={{ fontSize: 12.5, color: 'text.secondary', pl: '90px' }}>
          +{more} more result{more === 1 ? '' : 's'}
        </Typography>
      )}
    </Box>
  );
}

export function VendorCell({ email }: { email: EmailRow }) {
  if (email.Vendor)
    return (
      <Typography sx={{ fontSize: 13.5, lineHeight: 1.35 }}>{email.VendorName ?? vendorLabel(email.Vendor)}</Typography>
    );
  // The state chip already says "Needs review": here, only that no product was recognised.
  if (email.State === 'NeedsReview')
    return <Typography sx={{ fontSize: 13.5, color: 'text.secondary' }}>Unknown product</Typography>;
  if (isUnrecognised(email)) return <ToneChip label="Not recognised" tone="warning" />;
  return null;
}
