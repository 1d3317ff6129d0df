// Features §3.4: the protected device of a vendor backup; its appliance opens the appliance view.
import Link from '@mui/material/Link';
import type { SideMenuDevice } from '@vigil/contract';
import { useTenantFormats } from '../../../../lib/tenantFormats';
import { bootDateText, sideValue } from '../../sideMenu';
import { SideField, SideFieldList } from './SideFields';

export function DevicePanel({ device, onOpenAppliance }: { device: SideMenuDevice; onOpenAppliance?: () => void }) {
  const f = useTenantFormats();
  return (
    <SideFieldList label="Device">
      <SideField label="Device name">{sideValue(device.DeviceName)}</SideField>
      <SideField label="Hostname">{sideValue(device.Hostname)}</SideField>
      <SideField label="Appliance">
        {device.Appliance && onOpenAppliance ? (
          <Link component="button" type="button" onClick={onOpenAppliance} sx={{ fontSize: 14, textAlign: 'left' }}>
            {device.Appliance}
          </Link>
        ) : (
          sideValue(device.Appliance)
        )}
      </SideField>
      <SideField label="Company">{sideValue(device.Company)}</SideField>
      <SideField label="Boot date">{bootDateText(device.BootDate, f.dateTime)}</SideField>
      <SideField label="Agent version">{sideValue(device.AgentVersion)}</SideField>
      <SideField label="Platform">{sideValue(device.Platform)}</SideField>
      <SideField label="Platform version">{sideValue(device.PlatformVersion)}</SideField>
      <SideField label="Manufacturer">{sideValue(device.Manufacturer)}</SideField>
      <SideField label="Firmware type">{sideValue(device.FirmwareType)}</SideField>
      <SideField label="IP addresses">{sideValue(device.IpAddresses)}</SideField>
      <SideField label="MAC addresses">{sideValue(device.MacAddresses)}</SideField>
      <SideField label="Encryption">{sideValue(device.EncryptionAlgorithm)}</SideField>
      <SideField label="Device id">{sideValue(device.DeviceId)}</SideField>
    </SideFieldList>
  );
}
