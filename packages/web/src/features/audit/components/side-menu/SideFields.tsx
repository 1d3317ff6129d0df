import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A label and its value, as in the drawer's backup fields. */
export function SideField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" sx={{ color: 'text.secondary', fontSize: 13, py: 0.5 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontSize: 14, py: 0.5, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

export function SideFieldList({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(120px, auto) 1fr', columnGap: 2 }}
    >
      {children}
    </Box>
  );
}
