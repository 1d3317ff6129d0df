import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SCALEPAD_NAME } from '@vigil/contract';
import { AuthCard } from '../../../components/AuthCard';
import { keepSignupForm, useScalePadInfo } from '../../../lib/scalepad';

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * Platform §2 `signup/scalePad`: a ScalePad partner opens a Vigil account with its ScalePad
 * sign-in. The organisation's name is asked here; who signs up and which ScalePad account the new
 * Vigil account is linked to come from ScalePad.
 */
export default function ScalePadSignupPage() {
  const info = useScalePadInfo();
  const [company, setCompany] = useState('');
  const [leaving, setLeaving] = useState(false);
  const zone = browserTimeZone();
  const url = info.data?.Enabled ? info.data.SignUpUrl : null;

  const go = (e: React.FormEvent) => {
    e.preventDefault();
    if (!url) return;
    keepSignupForm({ CompanyName: company.trim(), TimeZoneId: zone });
    setLeaving(true);
    window.location.assign(url);
  };

  return (
    <AuthCard
      title={`Sign up with ${SCALEPAD_NAME}`}
      subtitle={`Open a Vigil account with your ${SCALEPAD_NAME} sign-in. It is linked to your ${SCALEPAD_NAME} account, and you become its administrator.`}
    >
      {info.isSuccess && !url ? (
        <Stack spacing={2.25}>
          <Alert severity="info">Sign-up with {SCALEPAD_NAME} is not available on this Vigil.</Alert>
          <Button component={RouterLink} to="/page/signup" variant="contained" size="large" fullWidth>
            Sign up with an e-mail address
          </Button>
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={go}>
          <Stack spacing={2.25}>
            <TextField
              label="Organisation name"
              value={company}
              onChange={(e) => setCompany(e.target.value)}
              helperText={`Leave empty to use your ${SCALEPAD_NAME} account's name.`}
              slotProps={{ htmlInput: { maxLength: 200 } }}
              fullWidth
            />
            <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
              Times are shown in {zone}; you can change the time zone in Settings later.
            </Typography>
            <Button type="submit" variant="contained" size="large" fullWidth loading={leaving || info.isPending}>
              Continue with {SCALEPAD_NAME}
            </Button>
            <Typography sx={{ textAlign: 'center', fontSize: 14, color: 'text.secondary' }}>
              Already have an account?{' '}
              <Link component={RouterLink} to="/page/login" sx={{ fontWeight: 600 }}>
                Sign in
              </Link>
            </Typography>
          </Stack>
        </Box>
      )}
    </AuthCard>
  );
}
