// The drawer's device and appliance views, with the way back to the backup.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import { BACKUP_SOURCES, type SideMenuResponse } from '@vigil/contract';
import { AppliancePanel } from './AppliancePanel';
import { DevicePanel } from './DevicePanel';
import type { DrawerView } from './useDrawerSideMenu';

export function SideMenuBody({
  side,
  view,
  backupId,
  onView,
  onOpenBackup,
}: {
  side: SideMenuResponse;
  view: Exclude<DrawerView, 'backup'>;
  backupId: number;
  onView: (view: DrawerView) => void;
  onOpenBackup: (backupId: number) => void;
}) {
  const { Device, Appliance } = side.Data;
  const showAppliance = view === 'appliance' && Appliance;
  return (
    <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
      <Box>
        <Button
          size="small"
          startIcon={<ArrowBackRoundedIcon />}
          onClick={() => onView(showAppliance && Device ? 'device' : 'backup')}
          sx={{ ml: -1 }}
        >
          {showAppliance && Device ? 'Device' : 'Backup'}
        </Button>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 0.5 }}>
          {showAppliance ? `Appliance ${Appliance.ApplianceName}` : `Device ${side.Data.DeviceName}`}
        </Typography>
      </Box>
      {showAppliance ? (
        <AppliancePanel
          appliance={Appliance}
          vendor={BACKUP_SOURCES[side.IntegrationType]?.Title ?? side.IntegrationType}
          currentBackupId={backupId}
          onOpenBackup={onOpenBackup}
        />
      ) : Device ? (
        <DevicePanel device={Device} onOpenAppliance={Appliance ? () => onView('appliance') : undefined} />
      ) : (
        <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>-</Typography>
      )}
    </Box>
  );
}
