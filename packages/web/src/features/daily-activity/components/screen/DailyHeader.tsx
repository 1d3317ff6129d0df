// The head of Daily Activity: what it shows, Refresh, and (outside its window) Pop out.
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import { POPUP_DEFAULT } from '@vigil/contract';
import { useWindowManager } from '../../../../components/WindowManagerProvider';
import { PageHeader } from '../../../../components/PageHeader';
import { dailyKeys, useTenantId } from '../../../../lib/auditApi';
import { queryClient } from '../../../../lib/queries';
import type { useDailyActivity } from '../../api/dailyActivity';

export function DailyHeader({ small, list }: { small: boolean; list: ReturnType<typeof useDailyActivity> }) {
  const tenantId = useTenantId();
  const windows = useWindowManager();
  const inWindow = useLocation().pathname.startsWith('/window/');
  return (
    <PageHeader
      title="Daily Activity"
      subtitle={
        small
          ? undefined
          : 'Every result of one day, as it arrived: what ran, what it reported and the e-mail it came in.'
      }
      actions={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {!inWindow && !small && (
            <Button
              variant="outlined"
              startIcon={<OpenInNewRoundedIcon />}
              onClick={() => windows.open('daily-activity', '/window/daily-activity', POPUP_DEFAULT, 'Daily Activity')}
            >
              Pop out
            </Button>
          )}
          <Button
            variant="outlined"
            startIcon={<RefreshRoundedIcon />}
            onClick={() => void queryClient.invalidateQueries({ queryKey: dailyKeys.all(tenantId) })}
            loading={list.isFetching && !list.isFetchingNextPage && !list.isPending}
          >
            Refresh
          </Button>
        </Box>
      }
    />
  );
}
