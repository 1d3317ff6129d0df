// The head of Scheduled Reports: what they are (in the tenant's time zone), Refresh and New.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import { PageHeader } from '../../../../components/PageHeader';
import { useTenantFormats } from '../../../../lib/tenantFormats';
import type { useScheduledReports } from '../api';

export function ScheduledHeader({
  small,
  list,
  canEdit,
  onNew,
}: {
  small: boolean;
  list: ReturnType<typeof useScheduledReports>;
  canEdit: boolean;
  onNew: () => void;
}) {
  const formats = useTenantFormats();
  return (
    <PageHeader
      eyebrow="Reporting"
      title="Scheduled Reports"
      subtitle={
        small
          ? undefined
          : `Reports e-mailed on the chosen days at the chosen hour (${formats.timeZone}), each run covering its date range up to that day.`
      }
      actions={
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<RefreshRoundedIcon />}
            onClick={() => void list.refetch()}
            loading={list.isFetching && !list.isPending}
          >
            Refresh
          </Button>
          <Button variant="contained" startIcon={<AddRoundedIcon />} disabled={!canEdit} onClick={onNew}>
            New
          </Button>
        </Box>
      }
    />
  );
}
