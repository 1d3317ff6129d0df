import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isEmail, Messages, passwordProblem, SignupMessages } from '@vigil/contract';
import { PasswordField } from '../../../components/PasswordField';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { muiField } from '../../../lib/forms';
import { AuthCard } from '../../../components/AuthCard';
import { useSignupPlans } from '../../../lib/signupPlans';
import { useScalePadInfo } from '../../../lib/scalepad';
import { useResellerCheck, useSignup } from '../api/signup';
import { CouponField } from '../components/CouponField';
import { PlanPicker } from '../components/PlanPicker';
import { CheckInbox } from '../components/CheckInbox';
import { RegionPicker } from '../components/RegionPicker';

const Form = z
  .object({
    CompanyName: z.string().trim().min(1, SignupMessages.companyRequired).max(200),
    FirstName: z.string().trim().min(1, 'First name is required').max(100),
    LastName: z.string().trim().min(1, 'Last name is required').max(100),
    Email: z.string().trim().min(1, Messages.requiredField).refine(isEmail, Messages.invalidEmail),
    Password: z.string().refine((v) => passwordProblem(v) === null, Messages.passwordRule),
    ConfirmPassword: z.string(),
  })
  .refine((v) => v.Password === v.ConfirmPassword, { path: ['ConfirmPassword'], message: Messages.passwordsMustMatch });
type FormValues = z.infer<typeof Form>;
const FIELDS = ['CompanyName', 'FirstName', 'LastName', 'Email', 'Password', 'ConfirmPassword'] as const;

function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** `/page/signup` and `/page/signup/{reseller}`: a new MSP opens its account. */
export default function SignupPage() {
  const { reseller } = useParams();
  const [search] = useSearchParams();
  const plans = useSignupPlans();
  const scalePad = useScalePadInfo();
  const ref = useResellerCheck(reseller);
  const signup = useSignup();
  const [plan, setPlan] = useState(search.get('plan') ?? '');
  const [coupon, setCoupon] = useState(search.get('coupon') ?? '');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState,
    setError: setFieldError,
  } = useForm<FormValues>({
    resolver: zodResolver(Form),
    defaultValues: { CompanyName: '', FirstName: '', LastName: '', Email: '', Password: '', ConfirmPassword: '' },
  });

  // The first offered plan is chosen unless the link named one that is offered.
  const chosen = plans.data?.some((p) => p.Handle === plan) ? plan : (plans.data?.[0]?.Handle ?? '');

  const referral = ref.data?.Valid ? reseller : undefined;
  const submit = handleSubmit(async (v) => {
    setError(null);
    setServerErrors({});
    try {
      const r = await signup.mutateAsync({
        ...v,
        PlanHandle: chosen || null,
        Coupon: coupon.trim() || null,
        Reseller: referral ?? null,
        TimeZoneId: browserTimeZone(),
      });
      setDone(r.Email);
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      for (const f of FIELDS) if (fields[f]) setFieldError(f, { message: fields[f] });
      setServerErrors(fields);
      if (!Object.keys(fields).length) setError(resolveErrorMessage(err));
    }
  });

  if (done) return <CheckInbox email={done} />;

  const field = (name: (typeof FIELDS)[number]) => ({
    ...muiField(register(name)),
    id: `signup-${name}`,
    error: !!formState.errors[name],
    helperText: formState.errors[name]?.message,
  });

  return (
    <AuthCard title="Create your account" subtitle="Start monitoring your clients' backups in minutes.">
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2.25}>
          {reseller && ref.data?.Valid && <Alert severity="info">{ref.data.Message}</Alert>}
          {reseller && ref.data && !ref.data.Valid && (
            <Alert severity="warning">{SignupMessages.resellerUnknown} You can still sign up directly.</Alert>
          )}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {plans.isError ? (
            <Alert severity="error">{resolveErrorMessage(plans.error)}</Alert>
          ) : plans.data?.length === 0 ? null : (
            <PlanPicker plans={plans.data} value={chosen} onChange={setPlan} error={serverErrors.PlanHandle} />
          )}
          <CouponField value={coupon} onChange={setCoupon} serverError={serverErrors.Coupon} />
          <RegionPicker />
          <TextField {...field('CompanyName')} label="Company name" autoComplete="organization" />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField {...field('FirstName')} label="First name" autoComplete="given-name" fullWidth />
            <TextField {...field('LastName')} label="Last name" autoComplete="family-name" fullWidth />
          </Stack>
          <TextField {...field('Email')} label="Work e-mail" type="email" autoComplete="email" />
          <PasswordField {...field('Password')} label="Password" autoComplete="new-password" />
          <PasswordField {...field('ConfirmPassword')} label="Confirm password" autoComplete="new-password" />
          <Button type="submit" variant="contained" size="large" loading={signup.isPending} fullWidth>
            Create account
          </Button>
          {scalePad.data?.Enabled && (
            <Typography sx={{ textAlign: 'center', fontSize: 14, color: 'text.secondary' }}>
              A ScalePad partner?{' '}
              <Link component={RouterLink} to="/page/signup/scalePad" sx={{ fontWeight: 600 }}>
                Sign up with ScalePad
              </Link>
            </Typography>
          )}
          <Typography sx={{ textAlign: 'center', fontSize: 14, color: 'text.secondary' }}>
            Already have an account?{' '}
            <Link component={RouterLink} to="/page/login" sx={{ fontWeight: 600 }}>
              Sign in
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}
