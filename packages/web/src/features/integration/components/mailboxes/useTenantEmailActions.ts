// What the user may do with one of the tenant's e-mails: download, raw view, reprocess, teach a parser.
import { useNavigate } from 'react-router';
import { Privilege, type ProcessedEmail } from '@vigil/contract';
import type { EmailActions } from '../../../../components/email/EmailList';
import { usePermissions, usePrivilege } from '../../../../lib/permissions';
import { downloadTenantEmail, loadTenantRawEmail, useReprocessEmail } from '../../api/processedEmails';

export function useTenantEmailActions(): EmailActions<ProcessedEmail> {
  const reprocess = useReprocessEmail();
  const canEdit = usePermissions(['integration.editintegrations']);
  const canTeach = usePrivilege(Privilege.tenantAdminOrStandard);
  const navigate = useNavigate();
  return {
    download: downloadTenantEmail,
    loadRaw: loadTenantRawEmail,
    reprocess: canEdit ? (e) => reprocess.mutateAsync(e.emailId) : undefined,
    teach: canTeach ? (e) => void navigate(`/app/integration/parsers/new?emailId=${e.emailId}`) : undefined,
  };
}
