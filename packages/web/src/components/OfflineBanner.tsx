import Alert from '@mui/material/Alert';
import WifiOffRoundedIcon from '@mui/icons-material/WifiOffRounded';
import { Messages } from '@vigil/contract';
import { useOnline } from '../lib/online';

/** Platform §8: an error banner while the browser is offline. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert
      severity="error"
      variant="filled"
      icon={<WifiOffRoundedIcon fontSize="inherit" />}
      sx={{ borderRadius: 0, justifyContent: 'center' }}
      role="alert"
    >
      {Messages.offline}
    </Alert>
  );
}
