import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DUO_CLIENT_ID_LENGTH,
  DUO_CLIENT_SECRET_LENGTH,
  DuoMessages,
  hasPrivilege,
  Privilege,
  type SecondFactorMethod,
  type SecondFactorSettings,
} from '@vigil/contract';
import { useAppSession } from '../../../app/session';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { resolveErrorMessage } from '../../../lib/errors';
import { useSaveSecondFactor, useSecondFactor } from '../api/secondFactor';

/** Settings → Tenant: the second factor the tenant's users give after their password. */
export function SecondFactorSection() {
  const { auth } = useAppSession();
  const isAdmin = hasPrivilege(auth.privileges, Privilege.tenantAdmin);
  const current = useSecondFactor(isAdmin);
  if (!isAdmin) return null;
  if (current.isPending) return <Skeleton variant="rounded" height={160} aria-label="Loading two-factor sign-in" />;
  if (current.isError) return <QueryError error={current.error} onRetry={() => void current.refetch()} />;
  return <SecondFactorForm key={JSON.stringify(current.data)} current={current.data} />;
}

type Errors = Partial<Record<'DuoClientId' | 'DuoClientSecret' | 'DuoApiHost', string>>;

function SecondFactorForm({ current }: { current: SecondFactorSettings }) {
  const snackbar = useSnackbar();
  const save = useSaveSecondFactor();
  const [method, setMethod] = useState<SecondFactorMethod>(current.Method);
  const [clientId, setClientId] = useState(current.DuoClientId ?? '');
  const [secret, setSecret] = useState('');
  const [apiHost, setApiHost] = useState(current.DuoApiHost ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const local: Errors = {};
    if (method === 'duo') {
      if (clientId.trim().length !== DUO_CLIENT_ID_LENGTH) local.DuoClientId = DuoMessages.clientIdLength;
      if (secret.trim() ? secret.trim().length !== DUO_CLIENT_SECRET_LENGTH : !current.HasDuoClientSecret)
        local.DuoClientSecret = DuoMessages.clientSecretLength;
      if (!apiHost.trim()) local.DuoApiHost = DuoMessages.apiHostRequired;
    }
    setErrors(local);
    setError(null);
    if (Object.keys(local).length) return;
    try {
      await save.mutateAsync({
        Method: method,
        DuoClientId: clientId.trim() || null,
        DuoClientSecret: secret.trim() || null,
        DuoApiHost: apiHost.trim() || null,
      });
      snackbar.success(method === 'duo' ? 'Duo is now asked at sign-in' : 'The authenticator app is asked at sign-in');
    } catch (err) {
      setError(resolveErrorMessage(err));
    }
  };

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={submit}
      variant="outlined"
      sx={{ borderRadius: '14px', p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
    >
      <Box>
        <Typography variant="h6" component="h2" sx={{ fontSize: 17 }}>
          Two-factor sign-in
        </Typography>
        <Typography sx={{ color: 'text.secondary', fontSize: 14, mt: 0.5 }}>
          What your users confirm their sign-in with after the password.
        </Typography>
      </Box>
      <RadioGroup
        aria-label="Second factor"
        value={method}
        onChange={(e) => setMethod(e.target.value as SecondFactorMethod)}
      >
        <FormControlLabel
          value="authenticator"
          control={<Radio />}
          label="Authenticator app codes, for users who set one up"
        />
        <FormControlLabel value="duo" control={<Radio />} label="Duo Security (Universal Prompt), for every user" />
      </RadioGroup>
      {method === 'duo' && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            label="Client ID"
            value={clientId}
            onChange={(e) => setClientId(e.target.value)}
            error={!!errors.DuoClientId}
            helperText={errors.DuoClientId ?? 'From your Web SDK application in the Duo Admin Panel'}
            autoComplete="off"
          />
          <TextField
            label="Client secret"
            type="password"
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
            error={!!errors.DuoClientSecret}
            helperText={
              errors.DuoClientSecret ??
              (current.HasDuoClientSecret ? 'Stored; leave empty to keep it' : 'Kept encrypted')
            }
            autoComplete="new-password"
          />
          <TextField
            label="API hostname"
            value={apiHost}
            onChange={(e) => setApiHost(e.target.value)}
            error={!!errors.DuoApiHost}
            helperText={errors.DuoApiHost ?? 'Like api-xxxxxxxx.duosecurity.com'}
            placeholder="api-xxxxxxxx.duosecurity.com"
            autoComplete="off"
            sx={{ gridColumn: { sm: '1 / -1' } }}
          />
        </Box>
      )}
      {method === 'duo' && (
        <Alert severity="info">
          Vigil checks these settings with Duo before saving. Your users are enrolled in Duo by your Duo administrators;
          their Vigil user name is their e-mail address.
        </Alert>
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Box>
        <Button type="submit" variant="contained" loading={save.isPending}>
          Save two-factor sign-in
        </Button>
      </Box>
    </Paper>
  );
}
