// Create profile, in the head of the ticket profiles screen.
import Button from '@mui/material/Button';
import AddRoundedIcon from '@mui/icons-material/AddRounded';

export function CreateProfileButton({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  return (
    <Button variant="contained" startIcon={<AddRoundedIcon />} disabled={disabled} onClick={onClick}>
      Create profile
    </Button>
  );
}
