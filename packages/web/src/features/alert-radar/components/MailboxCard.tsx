import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import AlternateEmailRoundedIcon from '@mui/icons-material/AlternateEmailRounded';
import { CopyButton } from '../../../components/CopyButton';
import { useSnackbar } from '../../../components/snackbar';
import { useActivateMailbox, useAlertMailbox, useParserVersion } from '../api/alertRadar';

/** The tenant's alert mailbox (platform §7 "Alert radar"): its address to copy and the activate switch. */
export function MailboxCard() {
  const mailbox = useAlertMailbox();
  const version = useParserVersion();
  const activate = useActivateMailbox();
  const snackbar = useSnackbar();
  const box = mailbox.data;

  const toggle = async (on: boolean) => {
    try {
      await activate.mutateAsync(on);
      snackbar.success(on ? 'Alert mailbox activated' : 'Alert mailbox deactivated');
    } catch (err) {
      snackbar.error(err);
    }
  };

  return (
    <Paper
      variant="outlined"
      sx={{ borderRadius: '14px', p: 2, mb: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
    >
      <AlternateEmailRoundedIcon color="primary" />
      <Box sx={{ minWidth: 0, flex: '1 1 260px' }}>
        <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>Send alert e-mails to</Typography>
        {box ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
            <Typography
              data-testid="alert-mailbox-address"
              sx={{ fontWeight: 650, fontFamily: 'ui-monospace, monospace', overflowWrap: 'anywhere' }}
            >
              {box.EmailAddress}
            </Typography>
            <CopyButton
              size="small"
              text={box.EmailAddress}
              label="Copy alert mailbox address"
              successMessage="Alert mailbox address copied"
            />
          </Box>
        ) : (
          <Skeleton width={280} />
        )}
      </Box>
      {version.data && (
        <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>Model {version.data.Version}</Typography>
      )}
      <FormControlLabel
        control={
          <Switch
            checked={!!box?.IsActive}
            disabled={!box || activate.isPending}
            onChange={(e) => void toggle(e.target.checked)}
          />
        }
        label={box?.IsActive ? 'Active' : 'Inactive'}
      />
    </Paper>
  );
}
