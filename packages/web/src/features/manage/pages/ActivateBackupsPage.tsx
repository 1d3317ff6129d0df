import { GuidedTour } from '../../../components/guidance/GuidedTour';
import { PoliciesScreen } from '../components/PoliciesScreen';
import { ACTIVATE_TOUR } from '../tour';

/** `/app/manage/activate-backups`: discovered backups waiting to be activated. */
export default function ActivateBackupsPage() {
  return (
    <>
      <GuidedTour id="activate-backups" steps={ACTIVATE_TOUR} />
      <PoliciesScreen kind="inactive" />
    </>
  );
}
