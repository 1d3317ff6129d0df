import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The heading and body of an authentication page. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontSize: 28, mb: 1 }}>
        {title}
      </Typography>
      {subtitle && <Typography sx={{ color: 'text.secondary', mb: 3.5 }}>{subtitle}</Typography>}
      {children}
    </Box>
  );
}
