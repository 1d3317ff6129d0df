// Why sign-in failed; an unconfirmed e-mail address gets a link to send a new confirmation.
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { SignupMessages } from '@vigil/contract';

export function LoginErrorAlert({ error }: { error: string }) {
  return (
    <Alert severity="error" role="alert">
      {error}
      {error === SignupMessages.emailNotConfirmed && (
        <Link component={RouterLink} to="/page/confirm-email" sx={{ display: 'block', mt: 0.5, fontWeight: 600 }}>
          Send a new confirmation link
        </Link>
      )}
    </Alert>
  );
}
