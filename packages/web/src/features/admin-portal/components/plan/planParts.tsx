// Shared pieces of the manage-plan window: status labels, formats, a fact and a section frame.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PlanInfo } from '@vigil/contract';
import { planPrice } from '../../../../components/billing/PlanCard';
import { formatUtc } from '../../../../lib/utcFormat';

export const STATUS: Record<string, { label: string; color: 'success' | 'warning' | 'error' | 'default' | 'info' }> = {
  trialing: { label: 'Trial', color: 'info' },
  active: { label: 'Active', color: 'success' },
  paused: { label: 'Paused', color: 'warning' },
  past_due: { label: 'Payment due', color: 'error' },
  canceled: { label: 'Canceled', color: 'default' },
  none: { label: 'No plan', color: 'default' },
};

export const day = (iso: string | null) => (iso ? formatUtc(iso, 'MM/DD/yyyy') : '—');
export const priced = (p: PlanInfo) => `${p.Name} (${planPrice(p)})`;

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" sx={{ fontSize: 12.5, color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, fontSize: 14.5, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

export function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={label} sx={{ p: 2.5, borderRadius: '14px' }}>
      <Typography variant="overline" sx={{ color: 'text.secondary', display: 'block' }}>
        {label}
      </Typography>
      {children}
    </Paper>
  );
}
