// How many suggestions there are, and when they were computed (in the tenant's time zone).
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { InsightOverview } from '@vigil/contract';
import { computedText, plural } from '../../../lib/insightText';
import { useTenantFormats } from '../../../lib/tenantFormats';

export function InsightsSummary({ data }: { data: InsightOverview | undefined }) {
  const f = useTenantFormats();
  const total = data?.Types.reduce((n, t) => n + t.Count, 0) ?? 0;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'baseline', mb: 2 }}>
      <Typography sx={{ fontWeight: 600 }} aria-live="polite">
        {data ? plural(total, 'suggestion') : ' '}
      </Typography>
      {data && (
        <Tooltip title={data.ComputedAt ? f.dateTime(data.ComputedAt) : ''}>
          <Typography sx={{ color: 'text.secondary', fontSize: 14 }} data-testid="insights-computed">
            {computedText(data.ComputedAt)}
          </Typography>
        </Tooltip>
      )}
    </Box>
  );
}
