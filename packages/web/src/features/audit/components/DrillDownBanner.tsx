import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FilterAltOutlinedIcon from '@mui/icons-material/FilterAltOutlined';
import type { DrillDown } from '../useAuditFilters';

/** Says that the filters came from a drill-down and are not the user's own, with a way back. */
export function DrillDownBanner({ drillDown }: { drillDown: DrillDown }) {
  return (
    <Alert
      severity="info"
      icon={<FilterAltOutlinedIcon fontSize="inherit" />}
      role="status"
      aria-label="Drill-down filter"
      sx={{ mb: 1.5, py: 0, alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" onClick={drillDown.clear}>
          Clear
        </Button>
      }
    >
      Filtered from {drillDown.source} — these filters are temporary and are not saved.
    </Alert>
  );
}
