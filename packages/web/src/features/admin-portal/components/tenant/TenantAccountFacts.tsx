// The account section of the tenant drawer: plan, subscription, activity and a pending deletion.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AdminTenantOverview } from '@vigil/contract';
import { QueryError } from '../../../../components/QueryError';
import { relativeTime } from '../../../../lib/format';
import { subscriptionStatusLabel } from '../../../../lib/subscriptionStatus';
import { Fact, when } from './TenantFact';

const statusColor: Record<string, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  active: 'success',
  trialing: 'info',
  paused: 'warning',
  past_due: 'error',
  canceled: 'default',
};

export function TenantAccountFacts({ overview }: { overview: UseQueryResult<AdminTenantOverview> }) {
  const o = overview.data;
  const sub = o?.Subscription;
  return (
    <>
      {overview.isError ? (
        <QueryError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <Box
          component="section"
          aria-label="Account"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' },
            gap: 2,
            p: 2,
            border: 1,
            borderColor: 'divider',
            borderRadius: '14px',
          }}
        >
          {!o ? (
            Array.from({ length: 6 }, (_, i) => <Skeleton key={i} height={44} />)
          ) : (
            <>
              <Fact label="Plan">{sub?.PlanName ?? 'No plan'}</Fact>
              <Fact label="Subscription">
                {sub ? (
                  <Chip
                    size="small"
                    label={subscriptionStatusLabel(sub.Status)}
                    color={statusColor[sub.Status] ?? 'default'}
                  />
                ) : (
                  'None'
                )}
              </Fact>
              <Fact label={sub?.Status === 'trialing' ? 'Trial ends' : 'Period ends'}>
                {when(sub?.Status === 'trialing' ? (sub?.TrialEndsAt ?? null) : (sub?.CurrentPeriodEnd ?? null))}
              </Fact>
              <Fact label="Active backups">{o.ActiveBackups.toLocaleString('en-US')}</Fact>
              <Fact label="E-mails, 30 days">{o.EmailsLast30Days.toLocaleString('en-US')}</Fact>
              <Fact label="Last e-mail">{o.LastEmailAt ? relativeTime(o.LastEmailAt) : 'Never'}</Fact>
            </>
          )}
        </Box>
      )}
      {o?.DeleteRequestedAt && (
        <Typography sx={{ color: 'error.main', mt: 1.5, fontSize: 14 }}>
          Deletion requested on {when(o.DeleteRequestedAt)}.
        </Typography>
      )}
    </>
  );
}
