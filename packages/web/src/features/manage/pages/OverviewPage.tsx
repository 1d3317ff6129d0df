import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { POLICY_COUNT_LABELS, type PolicyCount } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { usePolicyCount, usePolicyTableUpdates } from '../../../lib/backupsApi';

const ORDER: { key: keyof PolicyCount; to?: string; hint: string }[] = [
  { key: 'ActivePolicies', to: '/app/manage/edit-backups', hint: 'Monitored and audited every day' },
  {
    key: 'InactivePolicies',
    to: '/app/manage/activate-backups',
    hint: 'Discovered from e-mails, waiting to be activated',
  },
  { key: 'RetiredPolicies', to: '/app/manage/retire-backups', hint: 'Kept for their history, not counted' },
  { key: 'ActiveBackups', hint: 'Distinct devices protected by active backups' },
  { key: 'Workstations', hint: 'Active backups of desktops and laptops' },
  { key: 'Office365', hint: 'Active Microsoft 365 and Google Workspace backups' },
];

/** `/app/manage/overview`: the policy counts (platform §3) with links to each list. */
export default function OverviewPage() {
  const count = usePolicyCount();
  usePolicyTableUpdates();
  return (
    <>
      <PageHeader title="Overview" subtitle="How many backups Vigil monitors, waits on and keeps retired." />
      {count.isError && <QueryError error={count.error} onRetry={() => void count.refetch()} />}
      <Box
        component="ul"
        aria-label="Backup counts"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
        }}
      >
        {ORDER.map(({ key, to, hint }) => {
          const body = (
            <Box sx={{ p: 2.5 }}>
              <Typography sx={{ color: 'text.secondary', fontSize: 14, fontWeight: 600 }}>
                {POLICY_COUNT_LABELS[key]}
              </Typography>
              <Typography component="p" sx={{ fontSize: 34, fontWeight: 700, lineHeight: 1.3 }}>
                {count.data ? count.data[key].toLocaleString('en-US') : <Skeleton width={64} />}
              </Typography>
              <Typography sx={{ color: 'text.secondary', fontSize: 13 }}>{hint}</Typography>
            </Box>
          );
          return (
            <Card component="li" key={key} variant="outlined" data-testid={`count-${key}`}>
              {to ? (
                <CardActionArea component={RouterLink} to={to}>
                  {body}
                </CardActionArea>
              ) : (
                body
              )}
            </Card>
          );
        })}
      </Box>
    </>
  );
}
