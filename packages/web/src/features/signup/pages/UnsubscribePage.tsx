import { useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UnsubscribeRoundedIcon from '@mui/icons-material/UnsubscribeRounded';
import { MailTypeLabels, MailTypes, SignupMessages, type MailType } from '@vigil/contract';
import { resolveErrorMessage } from '../../../lib/errors';
import { useUnsubscribe } from '../api/signup';

/** The address a token names, read from its unsigned half (the server checks the signature). */
function addressOf(token: string): string | null {
  try {
    const payload = token.split('.')[0].replace(/-/g, '+').replace(/_/g, '/');
    const v = JSON.parse(atob(payload)) as { e?: unknown };
    return typeof v.e === 'string' ? v.e : null;
  } catch {
    return null;
  }
}

/** `/public/unsubscribe/{type}?token=…`: the link at the foot of system mail. */
export default function UnsubscribePage() {
  const { type = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const known = (MailTypes as readonly string[]).includes(type);
  const label = known ? MailTypeLabels[type as MailType] : 'these e-mails';
  const email = addressOf(token);

  return (
    <Paper
      variant="outlined"
      sx={{ maxWidth: 520, mx: 'auto', mt: { xs: 2, md: 8 }, p: { xs: 3, sm: 4 }, borderRadius: '16px' }}
    >
      <Stack spacing={2.5}>
        <UnsubscribeRoundedIcon color="primary" sx={{ fontSize: 40 }} />
        <Typography variant="h5" component="h1">
          Unsubscribe from {label}
        </Typography>
        {!known || !email ? (
          <Alert severity="error" role="alert">
            {SignupMessages.unsubscribeInvalid}
          </Alert>
        ) : unsubscribe.isSuccess ? (
          <Alert severity="success">{unsubscribe.data.Message}</Alert>
        ) : (
          <>
            <Typography sx={{ color: 'text.secondary' }}>
              <strong>{email}</strong> will stop receiving {label} from Vigil. Other mail, such as password resets,
              still arrives.
            </Typography>
            {unsubscribe.isError && (
              <Alert severity="error" role="alert">
                {resolveErrorMessage(unsubscribe.error)}
              </Alert>
            )}
            <Button
              variant="contained"
              size="large"
              loading={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate(token)}
            >
              Unsubscribe
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
