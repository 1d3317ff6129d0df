import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MarkEmailReadRoundedIcon from '@mui/icons-material/MarkEmailReadRounded';
import { SignupMessages } from '@vigil/contract';
import { useSnackbar } from '../../../components/snackbar';
import { AuthCard } from '../../../components/AuthCard';
import { useResendConfirmation } from '../api/signup';

/** After sign-up: the confirmation link is on its way; a new one can be asked for. */
export function CheckInbox({ email }: { email: string }) {
  const resend = useResendConfirmation();
  const snackbar = useSnackbar();
  return (
    <AuthCard title="Check your inbox">
      <Stack spacing={2.5}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <MarkEmailReadRoundedIcon color="primary" sx={{ fontSize: 36 }} />
          <Typography sx={{ color: 'text.secondary' }}>
            {SignupMessages.confirmationSent} We sent it to <strong>{email}</strong>.
          </Typography>
        </Box>
        {resend.isSuccess && <Alert severity="success">{resend.data.Message}</Alert>}
        <Button
          variant="outlined"
          loading={resend.isPending}
          onClick={() => resend.mutate(email, { onError: (err) => snackbar.error(err) })}
        >
          Send the link again
        </Button>
        <Button component={RouterLink} to="/page/login" variant="contained">
          Go to sign in
        </Button>
      </Stack>
    </AuthCard>
  );
}
