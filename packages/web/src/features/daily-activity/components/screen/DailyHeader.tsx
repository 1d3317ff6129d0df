// The head of Daily Activity: what it shows, and Refresh.
import Button from '@mui/material/Button';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import { PageHeader } from '../../../../components/PageHeader';
import { dailyKeys, useTenantId } from '../../../../lib/auditApi';
import { queryClient } from '../../../../lib/queries';
import type { useDailyActivity } from '../../api/dailyActivity';

export function DailyHeader({ small, list }: { small: boolean; list: ReturnType<typeof useDailyActivity> }) {
  const tenantId = useTenantId();
  return (
    <PageHeader
      title="Daily Activity"
      subtitle={
        small
          ? undefined
          : 'Every result of one day, as it arrived: what ran, what it reported and the e-mail it came in.'
      }
      actions={
        <Button
          variant="outlined"
          startIcon={<RefreshRoundedIcon />}
          onClick={() => void queryClient.invalidateQueries({ queryKey: dailyKeys.all(tenantId) })}
          loading={list.isFetching && !list.isFetchingNextPage && !list.isPending}
        >
          Refresh
        </Button>
      }
    />
  );
}
