// Features §3.4: the appliance view: its fields and the devices it protects; one with a backup opens it.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { SideMenuAppliance } from '@vigil/contract';
import { useTenantFormats } from '../../../../lib/tenantFormats';
import { bootDateText, sideValue } from '../../sideMenu';
import { SideField, SideFieldList } from './SideFields';

export function AppliancePanel({
  appliance: a,
  vendor,
  currentBackupId,
  onOpenBackup,
}: {
  appliance: SideMenuAppliance;
  /** The vendor's title, for the link to its console. */
  vendor: string;
  currentBackupId: number;
  onOpenBackup: (backupId: number) => void;
}) {
  const f = useTenantFormats();
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }} data-testid="appliance-view">
      <SideFieldList label="Appliance">
        <SideField label="Appliance name">{sideValue(a.ApplianceName)}</SideField>
        <SideField label="Hostname">{sideValue(a.Hostname)}</SideField>
        <SideField label="Model">{sideValue(a.Model)}</SideField>
        <SideField label="Service">{sideValue(a.Service)}</SideField>
        <SideField label="Company">{sideValue(a.Company)}</SideField>
        <SideField label="Version">{sideValue(a.Version)}</SideField>
        <SideField label="Boot date">{bootDateText(a.BootDate, f.dateTime)}</SideField>
        <SideField label="IP addresses">{sideValue(a.IpAddresses)}</SideField>
        <SideField label="MAC addresses">{sideValue(a.MacAddresses)}</SideField>
        <SideField label="Serial number">{sideValue(a.SerialNumber)}</SideField>
        <SideField label="Appliance id">{sideValue(a.ApplianceId)}</SideField>
        {a.SlideUrl && (
          <SideField label="Console">
            <Link href={a.SlideUrl} target="_blank" rel="noopener noreferrer">
              Open in {vendor}
            </Link>
          </SideField>
        )}
      </SideFieldList>
      <Box component="section" aria-labelledby="protected-devices">
        <Typography id="protected-devices" variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
          Protected devices
        </Typography>
        {a.ProtectedDevices.length === 0 ? (
          <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>-</Typography>
        ) : (
          <List dense disablePadding aria-labelledby="protected-devices">
            {a.ProtectedDevices.map((d) => {
              const current = d.BackupId === currentBackupId;
              const text = (
                <ListItemText
                  primary={d.DeviceName || '-'}
                  secondary={d.BackupId ? (current ? 'This backup' : 'Open its backup') : 'Not monitored'}
                />
              );
              return d.BackupId && !current ? (
                <ListItemButton
                  key={d.DeviceId}
                  onClick={() => onOpenBackup(d.BackupId as number)}
                  sx={{ borderRadius: 2 }}
                >
                  {text}
                </ListItemButton>
              ) : (
                <ListItem key={d.DeviceId}>{text}</ListItem>
              );
            })}
          </List>
        )}
      </Box>
    </Box>
  );
}
