import { Outlet } from 'react-router';
import { RouteTabs } from '../../../components/RouteTabs';
import { usePermissions } from '../../../lib/permissions';

const BASE = '/app/manage/companies/backup-client';

/** Companies → backup-client (platform §2): its sub-routes existed and integrations as tabs. */
export default function BackupClientLayout() {
  const canIntegrations = usePermissions(['integration.getbackupintegrations']);
  const tabs = [
    { label: 'Existing backups', path: `${BASE}/existed` },
    ...(canIntegrations ? [{ label: 'Integrations', path: `${BASE}/integrations` }] : []),
  ];
  return (
    <>
      <RouteTabs tabs={tabs} label="Client IDs" />
      <Outlet />
    </>
  );
}
