// Access and answers shared by the backup routes: permissions per list, reading and editing.
import { type OperationOutcome } from './operations.ts';

export const tags = ['Manage: backups'];
export const canCount = { access: { permissions: ['manage.getpolicycount'] } };
export const canInactive = { access: { permissions: ['manage.getinactivebackups'] } };
export const canActive = { access: { permissions: ['manage.getactivebackups'] } };
export const canRetired = { access: { permissions: ['manage.getretiredbackups'] } };
/** Reading one backup: from any of the three lists, or the audit. */
export const canRead = {
  access: {
    permissions: ['manage.getactivebackups', 'manage.getinactivebackups', 'manage.getretiredbackups', 'audit.getAudit'],
    operator: 'or' as const,
  },
};
export const canEdit = { access: { permissions: ['manage.editbackups'] } };

export function answer(message: string, o: OperationOutcome) {
  return { Message: message, PolicyIds: o.ids, Queued: o.queued };
}
