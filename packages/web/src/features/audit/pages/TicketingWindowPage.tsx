import { useEffect, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import { PRODUCT_NAME } from '@vigil/contract';
import { useAuditTableUpdates } from '../../../lib/auditApi';
import { TicketingPanel } from '../components/ticketing/TicketingPanel';
import { backupOfQuery } from '../components/ticketing/useTicketingPopup';
import { usePermissions } from '../../../lib/permissions';

/**
 * The ticketing window of a backup (platform §2 audit popup `ticketing/{policyId}`). Changes
 * are announced through the broadcast channel, so the opener's ticket counts refresh.
 */
export default function TicketingWindowPage() {
  const { policyId } = useParams();
  const [params] = useSearchParams();
  const id = Number(policyId);
  const valid = Number.isInteger(id) && id > 0;
  const backup = useMemo(() => (valid ? backupOfQuery(id, params) : null), [valid, id, params]);
  const canEdit = usePermissions(['audit.editAuditResults']);
  useAuditTableUpdates();

  useEffect(() => {
    const what = backup ? `${backup.JobName} (${backup.DeviceName})` : `Backup #${policyId ?? ''}`;
    document.title = `Tickets · ${what} · ${PRODUCT_NAME}`;
  }, [backup, policyId]);

  if (!valid) return <Alert severity="warning">This window does not exist.</Alert>;
  return <TicketingPanel policyId={id} backup={backup} canEdit={canEdit} />;
}
