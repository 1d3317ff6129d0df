import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useProfile } from '../../../lib/queries';
import { ChangePasswordCard } from '../components/ChangePasswordCard';
import { MfaCard } from '../components/MfaCard';
import { PersonalDetailsCard } from '../components/PersonalDetailsCard';

/** `/app/profile`: name, password and multi-factor authentication. */
export default function ProfilePage() {
  const profile = useProfile();
  return (
    <>
      <PageHeader title="Profile" subtitle="Your name, your password and how you sign in." />
      {profile.isError ? (
        <QueryError error={profile.error} onRetry={() => void profile.refetch()} />
      ) : !profile.data ? (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <Skeleton variant="rounded" height={220} />
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Skeleton variant="rounded" height={220} />
          </Grid>
        </Grid>
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <Stack spacing={3}>
              <PersonalDetailsCard profile={profile.data} />
              <ChangePasswordCard />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <MfaCard enabled={profile.data.MfaEnabled} account={profile.data.Email} />
          </Grid>
        </Grid>
      )}
    </>
  );
}
