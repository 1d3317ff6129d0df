import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { INSIGHT_LIMITS, INSIGHT_TYPES, type InsightType } from '@vigil/contract';

/** When each type is raised, from the job's thresholds (so the text cannot drift from them). */
function whenRaised(type: InsightType): string {
  const L = INSIGHT_LIMITS;
  switch (type) {
    case 'BackupMissingSchedule':
      return `Raised when results arrived on an unscheduled weekday in at least ${L.missingScheduleWeeks} of the last ${L.weeks} weeks. Applying adds those weekdays to the backup's schedule.`;
    case 'BackupExtraSchedule':
      return `Raised when a scheduled weekday had no result in any of the last ${L.extraScheduleWeeks} weeks. Applying removes those weekdays from the schedule.`;
    case 'BackupType':
      return `Raised from the pattern of the last ${L.weeks} weeks of results. Applying switches the backup between Backup and Alert.`;
    case 'BackupStartOfBusinessDay':
      return `Raised when at least ${Math.round(L.startOfBusinessShare * 100)}% of runs start between midnight and ${L.startOfBusinessHour}:00. Set a start of business day in the backup's settings.`;
    case 'BackupNotUpdating':
      return `Raised when an active backup has had no result for ${L.notUpdatingDays} days or more.`;
    case 'BackupRetireSuggestion':
      return `Raised when a backup has had no result for ${L.retireDays} days or more. Retire it from Manage → Edit Backups.`;
    case 'BackupResultsDecreased':
      return `Raised when last week's results fell by more than ${Math.round(L.decreasedFraction * 100)}% against the week before.`;
  }
}

/**
 * The help of one insight type (features §9: each type links to a help page). Open on wide
 * screens; on a phone it starts folded so the list stays in view.
 */
export function InsightHelpPanel({ type }: { type: InsightType }) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const [open, setOpen] = useState<boolean | null>(null);
  const shown = open ?? !small;
  const info = INSIGHT_TYPES[type];
  return (
    <Alert
      severity="info"
      variant="outlined"
      id="help"
      role="note"
      action={
        <Button
          color="inherit"
          size="small"
          aria-expanded={shown}
          aria-controls="insight-help-text"
          onClick={() => setOpen(!shown)}
        >
          {shown ? 'Hide' : 'Show'}
        </Button>
      }
      sx={{ mb: 2, '& .MuiAlert-message': { minWidth: 0 } }}
    >
      <AlertTitle sx={{ mb: shown ? undefined : 0 }}>What {info.title} means</AlertTitle>
      <Collapse in={shown} id="insight-help-text">
        <Typography sx={{ fontSize: 14 }}>{info.help}</Typography>
        <Typography sx={{ fontSize: 14, mt: 0.75, color: 'text.secondary' }}>{whenRaised(type)}</Typography>
      </Collapse>
    </Alert>
  );
}
