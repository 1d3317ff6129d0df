import { PoliciesScreen } from '../components/PoliciesScreen';

/** `/app/manage/edit-backups`: the active backups, edited one by one or in bulk. */
export default function EditBackupsPage() {
  return <PoliciesScreen kind="active" />;
}
