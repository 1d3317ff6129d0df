import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';

export type StatTone = 'primary' | 'success' | 'warning' | 'error';

const toneColour = (t: Theme, tone: StatTone) =>
  tone === 'error'
    ? t.palette.status.failure
    : tone === 'warning'
      ? t.palette.status.warning
      : tone === 'success'
        ? t.palette.status.success
        : t.palette.primary.main;

export function StatTile({
  label,
  value,
  icon,
  loading,
  caption,
  tone = 'primary',
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  loading?: boolean;
  /** A line under the value ("last hour", "oldest 3 minutes ago"). */
  caption?: ReactNode;
  /** Colours the icon (e.g. failures in the failure colour when there are any). */
  tone?: StatTone;
}) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          py: 2.25,
          px: { xs: 2, sm: 2.5 },
          '&:last-child': { pb: 2.25 },
        }}
      >
        <Box
          sx={(t) => ({
            width: 44,
            height: 44,
            borderRadius: '12px',
            display: { xs: 'none', sm: 'grid' },
            placeItems: 'center',
            color: toneColour(t, tone),
            bgcolor: alpha(toneColour(t, tone), 0.12),
            flexShrink: 0,
          })}
        >
          {icon}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ color: 'text.secondary', fontSize: 13.5 }}>{label}</Typography>
          <Typography sx={{ fontSize: 24, fontWeight: 700, lineHeight: 1.2 }}>
            {loading ? <Skeleton width={48} /> : value}
          </Typography>
          {caption && (
            <Typography sx={{ color: 'text.secondary', fontSize: 12.5, mt: 0.25 }} noWrap>
              {loading ? <Skeleton width={80} /> : caption}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
