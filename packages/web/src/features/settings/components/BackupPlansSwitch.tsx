import { useMutation } from '@tanstack/react-query';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { BackupPlansSetting } from '@vigil/contract';
import { useSnackbar } from '../../../components/snackbar';
import { resolveErrorMessage } from '../../../lib/errors';
import { queryClient, useCommonSettings } from '../../../lib/queries';
import { api } from '../../../lib/session';

/**
 * The tenant's backup-plans setting, for tenant admins of a tenant with the brBackupPlans flag.
 * With the flag on and this off, the Audit menu entry is hidden (platform §2).
 */
export function BackupPlansSwitch() {
  const settings = useCommonSettings();
  const snackbar = useSnackbar();
  const save = useMutation({
    mutationFn: (on: boolean) => api.put<BackupPlansSetting>(`/api/backup-plans/setting/${on}`),
    onSuccess: async (r) => {
      await queryClient.invalidateQueries({ queryKey: ['session', 'settings'] });
      snackbar.success(r.BackupPlansEnabled ? 'Backup plans are on' : 'Backup plans are off');
    },
    onError: (err) => snackbar.error(resolveErrorMessage(err)),
  });
  if (!settings.data?.FeatureFlags?.brBackupPlans) return null;
  return (
    <FormControlLabel
      control={
        <Switch
          checked={settings.data.BackupPlansEnabled === true}
          disabled={save.isPending}
          onChange={(e) => save.mutate(e.target.checked)}
        />
      }
      label="Use backup plans (with this off, Audit is hidden from the menu)"
    />
  );
}
