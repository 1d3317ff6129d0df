// Pause or resume a tenant's subscription from the manage-plan window's header.
import Button from '@mui/material/Button';
import PauseCircleOutlineRoundedIcon from '@mui/icons-material/PauseCircleOutlineRounded';
import PlayCircleOutlineRoundedIcon from '@mui/icons-material/PlayCircleOutlineRounded';

export function PlanPauseButton({ paused, onClick }: { paused: boolean; onClick: () => void }) {
  return (
    <Button
      variant="outlined"
      color={paused ? 'primary' : 'warning'}
      startIcon={paused ? <PlayCircleOutlineRoundedIcon /> : <PauseCircleOutlineRoundedIcon />}
      onClick={onClick}
    >
      {paused ? 'Resume' : 'Pause'}
    </Button>
  );
}
