// Send a test e-mail with the SMTP settings as typed, saved or not.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendRoundedIcon from '@mui/icons-material/SendRounded';

export function SmtpTestPanel({
  testTo,
  error,
  onRecipientChange,
  sending,
  disabled,
  onSend,
}: {
  testTo: string;
  error?: string;
  onRecipientChange: (value: string) => void;
  sending: boolean;
  disabled: boolean;
  onSend: () => void;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Send test e-mail"
      sx={{ borderRadius: '14px', p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
    >
      <Typography variant="h6" component="h2" sx={{ fontSize: 17 }}>
        Send test e-mail
      </Typography>
      <Typography sx={{ fontSize: 14, color: 'text.secondary', mt: -1 }}>
        Sends a message with the settings above, saved or not. Saving sends its test message here too.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          id="smtp-test-recipient"
          size="small"
          label="Send to"
          value={testTo}
          onChange={(e) => onRecipientChange(e.target.value)}
          error={!!error}
          helperText={error}
          sx={{ width: 320, maxWidth: '100%' }}
        />
        <Button
          variant="outlined"
          startIcon={<SendRoundedIcon />}
          loading={sending}
          disabled={disabled}
          onClick={() => onSend()}
          sx={{ mt: 0.25 }}
        >
          Send test e-mail
        </Button>
      </Box>
    </Paper>
  );
}
