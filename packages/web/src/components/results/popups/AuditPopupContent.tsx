import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { AuditPopupData, AuditPopupKind } from '../../../lib/auditWindows';
import { MarkPanel } from './MarkPanel';
import { type PopupHost } from './PopupFrame';
import { AddResultPanel, EditResultPanel } from './ResultFormPanel';
import { ResultViewPanel } from './ResultViewPanel';

/** What a popup shows, in a window or a dialog alike. */
export function AuditPopupContent({
  kind,
  data,
  resultId,
  host,
}: {
  kind: AuditPopupKind;
  data: AuditPopupData | null;
  resultId?: number;
  host: PopupHost;
}) {
  if (kind === 'view' && resultId) return <ResultViewPanel resultId={resultId} data={data} host={host} />;
  if (kind === 'edit' && resultId) return <EditResultPanel resultId={resultId} data={data} host={host} />;
  if (!data || data.backups.length === 0)
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={host.close}>
            Close
          </Button>
        }
      >
        What this window was opened for is no longer available. Open it again from Audit.
      </Alert>
    );
  if (kind === 'add') return <AddResultPanel data={data} host={host} />;
  if (kind === 'verify' || kind === 'remediate' || kind === 'restore')
    return <MarkPanel key={kind} kind={kind} data={data} host={host} />;
  return <Alert severity="warning">This window does not exist.</Alert>;
}
