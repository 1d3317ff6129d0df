import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { AuditResult } from '@vigil/contract';
import { SOURCE_LABEL } from '../../lib/audit';
import { useTenantFormats } from '../../lib/tenantFormats';
import { DayStatusChip } from './StatusChip';

/**
 * A backup's results of one day: time, status, kind, failure text and the e-mail subject,
 * which opens the result (view-result). Used by the backup drawer and Daily Activity.
 */
export function ResultsList({
  results,
  onOpen,
  emptyText = 'No results on this day.',
}: {
  results: readonly AuditResult[];
  onOpen: (result: AuditResult) => void;
  emptyText?: string;
}) {
  const f = useTenantFormats();
  if (!results.length) return <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>{emptyText}</Typography>;
  return (
    <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
      {results.map((r) => (
        <Box
          component="li"
          key={r.ResultID}
          data-testid={`result-${r.ResultID}`}
          sx={{ p: 1.25, border: 1, borderColor: 'divider', borderRadius: 2, minWidth: 0 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <DayStatusChip status={r.Status} />
            <Typography sx={{ fontSize: 13.5, fontWeight: 600 }}>{f.time(r.ParsedDateTime)}</Typography>
            <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>
              {r.ResultKind} · {SOURCE_LABEL[r.Source] ?? r.Source}
              {r.CreatedBy ? ` by ${r.CreatedBy}` : ''}
            </Typography>
          </Box>
          <Link
            component="button"
            type="button"
            onClick={() => onOpen(r)}
            sx={{
              display: 'block',
              mt: 0.5,
              textAlign: 'left',
              fontSize: 13.5,
              overflowWrap: 'anywhere',
              maxWidth: '100%',
            }}
          >
            {r.Subject || (r.Source === 'manual' ? 'Manual result — view' : 'View result')}
          </Link>
          {r.FailureText && (
            <Typography
              sx={{
                mt: 0.5,
                fontSize: 12.5,
                color: 'error.main',
                display: '-webkit-box',
                WebkitLineClamp: 3,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                overflowWrap: 'anywhere',
              }}
              title={r.FailureText}
            >
              {r.FailureText}
            </Typography>
          )}
          {r.Notes && (
            <Typography sx={{ mt: 0.5, fontSize: 12.5, color: 'text.secondary', overflowWrap: 'anywhere' }}>
              Notes: {r.Notes}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
