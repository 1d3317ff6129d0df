// The foot of the scheduled report form: Enabled, the form's error, Cancel and Save or Create.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';

export function ScheduledFormFoot({
  enabled,
  setEnabled,
  error,
  saving,
  saveLabel,
  onCancel,
}: {
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
  error?: string;
  saving: boolean;
  saveLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      <FormControlLabel
        control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
        label="Enabled"
      />
      {error && <FormHelperText error>{error}</FormHelperText>}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={saving}>
          {saveLabel}
        </Button>
      </Box>
    </>
  );
}
