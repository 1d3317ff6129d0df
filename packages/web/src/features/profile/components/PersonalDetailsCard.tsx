import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Messages, ProfileUpdate, type Profile } from '@vigil/contract';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { muiField } from '../../../lib/forms';
import { authStore } from '../../../lib/session';
import { useUpdateProfile } from '../api/profile';

type Values = z.input<typeof ProfileUpdate>;

export function PersonalDetailsCard({ profile }: { profile: Profile }) {
  const snackbar = useSnackbar();
  const update = useUpdateProfile();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState,
    reset,
    setError: setFieldError,
  } = useForm<Values>({
    resolver: zodResolver(ProfileUpdate),
    defaultValues: { FirstName: profile.FirstName, LastName: profile.LastName },
  });

  useEffect(() => {
    reset({ FirstName: profile.FirstName, LastName: profile.LastName });
  }, [profile.FirstName, profile.LastName, reset]);

  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      const saved = await update.mutateAsync({ FirstName: v.FirstName.trim(), LastName: v.LastName.trim() });
      // The names in the top bar come from the token; keep them in step until the next refresh.
      const auth = authStore.get();
      if (auth) authStore.set({ ...auth, userFirstName: saved.FirstName, userLastName: saved.LastName });
      reset({ FirstName: saved.FirstName, LastName: saved.LastName });
      snackbar.success(Messages.successfullyUpdated);
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      let mapped = false;
      for (const f of ['FirstName', 'LastName'] as const) {
        if (fields[f]) {
          setFieldError(f, { message: fields[f] });
          mapped = true;
        }
      }
      if (!mapped) setError(resolveErrorMessage(err));
    }
  });

  return (
    <Card>
      <CardHeader title="Personal details" subheader="How your name appears to your team and in reports." />
      <CardContent>
        <Box component="form" noValidate onSubmit={submit}>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...muiField(register('FirstName'))}
                id="profile-first-name"
                label="First name"
                autoComplete="given-name"
                error={!!formState.errors.FirstName}
                helperText={formState.errors.FirstName?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...muiField(register('LastName'))}
                id="profile-last-name"
                label="Last name"
                autoComplete="family-name"
                error={!!formState.errors.LastName}
                helperText={formState.errors.LastName?.message}
              />
            </Grid>
          </Grid>
          <Box
            sx={{
              mt: 2.5,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 2,
              flexWrap: 'wrap',
            }}
          >
            <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>
              Signs in as <strong>{profile.Email}</strong>
            </Typography>
            <Button type="submit" variant="contained" loading={update.isPending} disabled={!formState.isDirty}>
              Save
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
