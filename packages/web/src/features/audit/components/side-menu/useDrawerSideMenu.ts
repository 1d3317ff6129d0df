import { useEffect, useState } from 'react';
import { BACKUP_SOURCES } from '@vigil/contract';
import { useSnackbar } from '../../../../components/snackbar';
import { useCommonSettings } from '../../../../lib/queries';
import { useSideMenu } from '../../api/sideMenu';

/** What the drawer shows: the backup, its device, or the appliance that protects it. */
export type DrawerView = 'backup' | 'device' | 'appliance';

/**
 * The drawer's side menu (features §3.4, §4.8): loaded with the backup; a failed load closes the
 * drawer, a backup without one (e-mail) shows no panel. The backup name opens the device view
 * only with the appliance-vendor flag on and data to show; a new backup starts on its own view.
 */
export function useDrawerSideMenu(backupId: number | null, open: boolean, onClose: () => void) {
  const snackbar = useSnackbar();
  const side = useSideMenu(open ? backupId : null);
  const flagOn = useCommonSettings().data?.FeatureFlags?.brSlide === true;
  const [state, setState] = useState<{ id: number | null; view: DrawerView }>({ id: backupId, view: 'backup' });
  const data = side.data ?? null;
  const view: DrawerView = data && state.id === backupId ? state.view : 'backup';

  useEffect(() => {
    if (open && side.isError) {
      snackbar.error(side.error);
      onClose();
    }
  }, [open, side.isError, side.error, snackbar, onClose]);

  return {
    data,
    view,
    setView: (next: DrawerView) => setState({ id: backupId, view: next }),
    nameClickable: flagOn && !!data,
    canRunBackup: !!data && BACKUP_SOURCES[data.IntegrationType]?.CanRunBackup === true,
  };
}
