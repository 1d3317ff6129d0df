import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The heading of a block inside a screen: a title, a line of context and actions on the right. */
export function SectionHeader({
  title,
  subtitle,
  actions,
  id,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** Id of the heading, for aria-labelledby on the section. */
  id?: string;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-end',
        justifyContent: 'space-between',
        gap: 1.5,
        mb: 1.75,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h6" component="h2" id={id}>
          {title}
        </Typography>
        {subtitle && <Typography sx={{ color: 'text.secondary', fontSize: 14, mt: 0.25 }}>{subtitle}</Typography>}
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>{actions}</Box>}
    </Box>
  );
}
