import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';

export function StatTile({
  label,
  value,
  icon,
  loading,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  loading?: boolean;
}) {
  return (
    <Card>
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
            color: t.palette.primary.main,
            bgcolor: alpha(t.palette.primary.main, 0.1),
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
        </Box>
      </CardContent>
    </Card>
  );
}
