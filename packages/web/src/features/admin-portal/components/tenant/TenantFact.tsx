// One labelled figure of the tenant drawer's account section, and its date format.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatUtc } from '../../../../lib/utcFormat';

export const when = (v: string | null) => (v ? formatUtc(v, 'MM/DD/yyyy') : '—');

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {label}
      </Typography>
      <Typography component="div" sx={{ fontWeight: 600, fontSize: 14.5 }}>
        {children}
      </Typography>
    </Box>
  );
}
