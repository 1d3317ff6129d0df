import Button from '@mui/material/Button';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import { useSnackbar } from '../../../../components/snackbar';
import { useRunBackup } from '../../api/sideMenu';

/** Features §3.4 "Backup Now": asks the vendor to run the backup; the server's message says how it went. */
export function BackupNowButton({ backupId }: { backupId: number }) {
  const snackbar = useSnackbar();
  const run = useRunBackup();
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<PlayArrowRoundedIcon />}
      loading={run.isPending}
      onClick={() =>
        run.mutate(backupId, {
          onSuccess: (r) => snackbar.success(r.Message),
          onError: (err) => snackbar.error(err),
        })
      }
    >
      Backup Now
    </Button>
  );
}
