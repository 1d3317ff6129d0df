import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import { PRODUCT_NAME } from '@vigil/contract';
import { useAuditTableUpdates } from '../../../lib/auditApi';
import { AuditPopupContent } from '../../../components/results/popups/AuditPopupContent';
import type { PopupHost } from '../../../components/results/popups/PopupFrame';
import { popupKindOfPath, popupPath, popupTitle, readPopupData } from '../../../lib/auditWindows';
import { browserStorage } from '../../../lib/storage';

/**
 * The audit popup windows (platform §2): verify-, remediate- and restore-audit-result,
 * add-result, edit-result and view-result. What a window is about is read from localStorage
 * under the route's storage key; changes are announced to the opener through the broadcast
 * channel, so its grid refreshes.
 */
export default function AuditWindowPage() {
  const { storageKey, policyResultId } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const kind = popupKindOfPath(pathname);
  const resultId = Number(policyResultId) || undefined;
  const data = useMemo(() => readPopupData(browserStorage(), storageKey), [storageKey]);
  useAuditTableUpdates();

  useEffect(() => {
    if (!kind) return;
    const subject = data?.backups.length ? popupTitle(kind, data.backups) : null;
    document.title = `${subject ?? (kind === 'view' ? 'Result' : 'Audit')} · ${PRODUCT_NAME}`;
  }, [kind, data]);

  const host = useMemo<PopupHost>(
    () => ({
      mode: 'window',
      close: () => {
        window.close();
        // A window the user opened by hand cannot close itself: go to Audit instead.
        window.setTimeout(() => {
          if (!window.closed) void navigate('/app/audit');
        }, 150);
      },
      go: (next, id) => void navigate(popupPath(next, storageKey ?? '-', id)),
    }),
    [navigate, storageKey],
  );

  if (!kind) return <Alert severity="warning">This window does not exist.</Alert>;
  return (
    <AuditPopupContent key={`${kind}-${resultId ?? ''}`} kind={kind} data={data} resultId={resultId} host={host} />
  );
}
