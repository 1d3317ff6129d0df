// The Tags screen's header: what tags are for, and Refresh.
import Button from '@mui/material/Button';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import { PageHeader } from '../../../../components/PageHeader';

export function TagsPageHeader({
  small,
  refreshing,
  onRefresh,
}: {
  small: boolean;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <PageHeader
      eyebrow="Settings"
      title="Tags"
      subtitle={
        small
          ? undefined
          : 'Labels for backups, used to filter the audit and reports. Renaming or deleting a tag changes every backup that carries it.'
      }
      actions={
        <Button variant="outlined" startIcon={<RefreshRoundedIcon />} onClick={onRefresh} loading={refreshing}>
          Refresh
        </Button>
      }
    />
  );
}
