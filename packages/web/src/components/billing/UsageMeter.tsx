import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import type { UsageLine, UsageStatus } from '@vigil/contract';

const STATUS_TEXT: Record<UsageStatus, string> = {
  failure: 'Over the limit',
  warning: 'Near the limit',
  success: 'Within the limit',
  noResult: 'No limit',
};

/** Active units against the plan's limit, as a bar in the usage colour of features §9. */
export function UsageMeter({ line }: { line: UsageLine }) {
  const theme = useTheme();
  const colour = theme.palette.status[line.Status];
  const percent = line.Limit == null ? 100 : Math.min(100, Math.round(line.Ratio * 100));
  const label =
    line.Limit == null
      ? `${line.Count.toLocaleString('en-US')} ${line.Label.toLowerCase()}, no limit`
      : `${line.Count.toLocaleString('en-US')} of ${line.Limit.toLocaleString('en-US')} ${line.Label.toLowerCase()}`;
  return (
    <Box data-testid={`usage-${line.Key}`} data-status={line.Status}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 650 }}>{line.Label}</Typography>
        <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
          <Box component="span" sx={{ color: colour, fontWeight: 650 }}>
            {STATUS_TEXT[line.Status]}
          </Box>
          {line.Limit != null && ` · ${Math.round(line.Ratio * 100)}%`}
        </Typography>
      </Box>
      <Box
        role="meter"
        aria-label={line.Label}
        aria-valuemin={0}
        aria-valuemax={line.Limit ?? line.Count}
        aria-valuenow={line.Count}
        aria-valuetext={label}
        sx={{ mt: 1, height: 12, borderRadius: 6, bgcolor: alpha(colour, 0.18), overflow: 'hidden' }}
      >
        <Box
          sx={{
            width: `${percent}%`,
            height: '100%',
            borderRadius: 6,
            bgcolor: colour,
            opacity: line.Limit == null ? 0.45 : 1,
            transition: 'width 300ms ease',
          }}
        />
      </Box>
      <Typography sx={{ mt: 0.75, fontSize: 14 }}>{label}</Typography>
    </Box>
  );
}
