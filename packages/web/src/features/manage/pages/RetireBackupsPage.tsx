import { PoliciesScreen } from '../components/PoliciesScreen';

/** `/app/manage/retire-backups`: retired backups, reactivated or deleted. */
export default function RetireBackupsPage() {
  return <PoliciesScreen kind="retire" />;
}
