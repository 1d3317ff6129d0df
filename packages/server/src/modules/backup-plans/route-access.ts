// Access, tags and the feature-flag check shared by the backup plan routes.
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/errors.ts';
import { flagsForTenant } from '../admin-portal/flags-service.ts';

export const tags = ['Backup plans'];
export const canView = { access: { permissions: ['manage.getBackupPlans'] } };
export const canEdit = { access: { permissions: ['manage.getBackupPlans', 'manage.editBackupPlans'] } };
// Applying writes backup settings: it needs the right to edit backups too.
export const canApply = {
  access: { permissions: ['manage.getBackupPlans', 'manage.editBackupPlans', 'manage.editbackups'] },
};

/** A tenant without the flag has no backup plans: every route answers 404. */
export const flaggedIn = (database: Deps['database']) => async (req: FastifyRequest) => {
  const flags = await flagsForTenant(database, tenantOf(req));
  if (!flags.brBackupPlans) throw notFound();
};

/** Route options for viewing and editing backup plans: the permission and the flag check. */
export function planRouteOptions(database: Deps['database']) {
  const preHandler = flaggedIn(database);
  return { view: { config: canView, preHandler }, edit: { config: canEdit, preHandler } };
}
