import type { AuditBackupRow } from '@vigil/contract';
import type { AuditPopupKind, PopupBackup } from '../../lib/auditWindows';

/** The backup as an audit popup shows it; `kind` names the mark whose state it carries. */
export function popupBackup(row: AuditBackupRow, kind?: AuditPopupKind): PopupBackup {
  return {
    PolicyId: row.PolicyId,
    JobName: row.JobName,
    DeviceName: row.DeviceName,
    CompanyName: row.CompanyName,
    VendorName: row.VendorName,
    Status: row.Status,
    Marked:
      kind === 'verify'
        ? row.Verified
        : kind === 'remediate'
          ? row.Remediated
          : kind === 'restore'
            ? row.Restored
            : undefined,
  };
}
