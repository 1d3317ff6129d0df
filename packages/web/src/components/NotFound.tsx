import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Logo } from './Logo';

/** Shown for an address that leads nowhere. */
export function NotFound({ homePath = '/app' }: { homePath?: string }) {
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, md: 10 }, px: 2 }}>
      <Box sx={{ display: 'inline-block', opacity: 0.9, mb: 2 }}>
        <Logo size={56} />
      </Box>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        Page not found
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        The address you followed does not lead to a page in Vigil.
      </Typography>
      <Button variant="contained" component={RouterLink} to={homePath}>
        Go to home
      </Button>
    </Box>
  );
}
