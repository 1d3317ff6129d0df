import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Messages } from '@vigil/contract';
import { reportError } from '../lib/errorReporter';
import { Logo } from './Logo';

/** Shown when a screen fails to render; the error goes to the server's error log. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => reportError(error, 'boundary'), [error]);
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, md: 10 }, px: 2 }}>
      <Box sx={{ display: 'inline-block', opacity: 0.9, mb: 2 }}>
        <Logo size={56} />
      </Box>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {Messages.somethingWrong}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        This screen met an error. It has been reported; reloading usually helps.
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Box>
  );
}
