import { PoliciesScreen } from '../components/PoliciesScreen';

/** `/app/manage/activate-backups`: discovered backups waiting to be activated. */
export default function ActivateBackupsPage() {
  return <PoliciesScreen kind="inactive" />;
}
