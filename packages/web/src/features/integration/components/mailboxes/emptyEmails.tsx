// What the e-mail list shows when empty: how to send the first report, or that no e-mail matches.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import { CopyButton } from '../../../../components/CopyButton';

export function NoEmailsYet({ address }: { address: string | undefined }) {
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 520, mx: 'auto' }}>
      <Box
        sx={(t) => ({
          width: 56,
          height: 56,
          mx: 'auto',
          mb: 2,
          borderRadius: '16px',
          display: 'grid',
          placeItems: 'center',
          color: t.palette.primary.main,
          bgcolor: alpha(t.palette.primary.main, 0.1),
        })}
      >
        <MarkEmailUnreadOutlinedIcon />
      </Box>
      <Typography variant="h6" component="p">
        No e-mails yet
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.75 }}>
        Send a backup report to your inbound address — point your backup software&apos;s e-mail notifications at it, or
        forward a recent report. It shows up here within seconds, with the results Vigil read from it.
      </Typography>
      {address && (
        <Box
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            mt: 2,
            pl: 1.5,
            pr: 0.5,
            py: 0.25,
            borderRadius: '10px',
            border: 1,
            borderColor: 'divider',
            maxWidth: '100%',
          }}
        >
          <Typography component="code" sx={{ fontSize: 14, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {address}
          </Typography>
          <CopyButton text={address} label="Copy inbound address" size="small" />
        </Box>
      )}
    </Box>
  );
}

export function NoMatchingEmails({ onClear }: { onClear: () => void }) {
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Typography sx={{ color: 'text.secondary' }}>No e-mail matches these filters.</Typography>
      <Button sx={{ mt: 1 }} onClick={onClear}>
        Clear filters
      </Button>
    </Box>
  );
}
