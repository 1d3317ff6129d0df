import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowForwardRoundedIcon from '@mui/icons-material/ArrowForwardRounded';
import type { ClientHomeCompany } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { useClientHome } from '../api/clientHome';

/** Shown to a client user who has no company yet (the provider assigns them). */
export const NO_COMPANIES = 'Your provider has not assigned any companies to you';

type CountKey = 'Success' | 'Warning' | 'Failure' | 'Missed';
const COUNTS: { key: CountKey; label: string; color: 'success' | 'warning' | 'failure' | 'noResult' }[] = [
  { key: 'Success', label: 'Succeeded', color: 'success' },
  { key: 'Warning', label: 'Warned', color: 'warning' },
  { key: 'Failure', label: 'Failed', color: 'failure' },
  { key: 'Missed', label: 'Missed', color: 'noResult' },
];

/** The Audit screen on the day, filtered to one company (the same state a dashboard click sends). */
const auditState = (companyId: number, day: string) => ({
  dateSelected: day,
  selectedFilters: { Company: [companyId], Status: [] },
});

function CompanyCard({ c, day }: { c: ClientHomeCompany; day: string }) {
  const f = useTenantFormats();
  const problems = c.Failure + c.Missed;
  return (
    <Card
      component="section"
      aria-label={c.Name}
      sx={{ height: '100%', minWidth: 0, display: 'flex', flexDirection: 'column' }}
    >
      <CardContent
        sx={{ flex: 1, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, alignContent: 'start' }}
      >
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ fontSize: 18, minWidth: 0, overflowWrap: 'anywhere' }}>
            {c.Name}
          </Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: 14, whiteSpace: 'nowrap' }}>
            {c.Backups} backup{c.Backups === 1 ? '' : 's'}
          </Typography>
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: { xs: 0.75, sm: 1 } }}>
          {COUNTS.map((s) => (
            <Box
              key={s.key}
              data-testid={`count-${s.key}`}
              sx={(t) => ({
                borderRadius: '10px',
                px: { xs: 0.5, sm: 1 },
                py: 1,
                textAlign: 'center',
                border: 1,
                borderColor: 'divider',
                borderTop: `3px solid ${t.palette.status[s.color]}`,
              })}
            >
              <Typography sx={{ fontSize: 22, fontWeight: 700, lineHeight: 1.2 }}>{c[s.key]}</Typography>
              <Typography sx={{ fontSize: { xs: 11.5, sm: 12.5 }, color: 'text.secondary' }} noWrap>
                {s.label}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box>
          <Typography sx={{ fontSize: 13, fontWeight: 650, color: 'text.secondary', mb: 0.5 }}>
            Last failures
          </Typography>
          {c.LastFailures.length === 0 ? (
            <Typography sx={{ fontSize: 14 }}>No failure in the last 30 days.</Typography>
          ) : (
            <Box
              component="ul"
              sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.5 }}
            >
              {c.LastFailures.map((x) => (
                <Box
                  component="li"
                  key={`${x.BackupId}-${x.Day}`}
                  sx={{ display: 'flex', gap: 1, fontSize: 14, justifyContent: 'space-between' }}
                >
                  <Box
                    component="span"
                    sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  >
                    {x.DeviceName} · {x.JobName}
                  </Box>
                  <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                    {f.day(x.Day)}
                  </Box>
                </Box>
              ))}
            </Box>
          )}
        </Box>
      </CardContent>
      <Box sx={{ px: 2, pb: 2, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography sx={{ fontSize: 13.5, color: problems ? 'error.main' : 'success.main', fontWeight: 600 }}>
          {problems ? `${problems} need${problems === 1 ? 's' : ''} attention` : 'All good'}
        </Typography>
        <Button
          component={RouterLink}
          to="/app/audit"
          state={auditState(c.Id, day)}
          size="small"
          endIcon={<ArrowForwardRoundedIcon />}
          aria-label={`Open Audit for ${c.Name}`}
        >
          Open Audit
        </Button>
      </Box>
    </Card>
  );
}

/** Home of a client user: their companies' protection on the last full day, at a glance. */
export function ClientHome({ firstName, tenantName }: { firstName: string; tenantName: string }) {
  const home = useClientHome();
  const f = useTenantFormats();
  const day = home.data?.Day ?? f.yesterday;
  return (
    <>
      <PageHeader
        eyebrow={tenantName || undefined}
        title={`Hello, ${firstName}`}
        subtitle={`How your backups did on ${f.day(day)} (${f.timeZone}).`}
      />
      {home.isError ? (
        <QueryError error={home.error} onRetry={() => void home.refetch()} />
      ) : home.isPending ? (
        <Grid container spacing={3} aria-label="Loading your companies" role="progressbar">
          {[0, 1, 2].map((i) => (
            <Grid key={i} size={{ xs: 12, md: 6, xl: 4 }}>
              <Skeleton variant="rounded" height={250} sx={{ borderRadius: '14px' }} />
            </Grid>
          ))}
        </Grid>
      ) : home.data.Companies.length === 0 ? (
        <Alert severity="info" variant="outlined" sx={{ maxWidth: 720 }}>
          <AlertTitle>{NO_COMPANIES}</AlertTitle>
          Once your provider gives you access to your companies, their backups show here.
        </Alert>
      ) : (
        <Grid container spacing={3}>
          {home.data.Companies.map((c) => (
            <Grid key={c.Id} size={{ xs: 12, md: 6, xl: 4 }}>
              <CompanyCard c={c} day={home.data.Day} />
            </Grid>
          ))}
        </Grid>
      )}
    </>
  );
}
