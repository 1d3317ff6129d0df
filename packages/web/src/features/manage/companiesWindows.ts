import { POPUP_DEFAULT } from '@vigil/contract';
import type { WindowManager } from '../../lib/windows';
import type { ApplyKind } from './api/companies';

/**
 * The "Apply companies" windows (platform §2): `companies/apply` previews and applies company
 * rules, `companies/backup-client/apply` client-id mappings.
 */
export const companyApplyPath = (kind: ApplyKind) =>
  kind === 'rules' ? '/window/manage/companies/apply' : '/window/manage/companies/backup-client/apply';
export const companyApplyTitle = (kind: ApplyKind) =>
  kind === 'rules' ? 'Apply company rules' : 'Apply client ID mappings';

export function openCompanyApply(manager: WindowManager, kind: ApplyKind): boolean {
  return !!manager.open(`companies-apply-${kind}`, companyApplyPath(kind), POPUP_DEFAULT, companyApplyTitle(kind));
}
