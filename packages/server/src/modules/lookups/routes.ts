// Lookups behind the filter pickers and editors: vendor classifications, policy enumerations,
// the tenant's filter values, backup methods, extra backup fields, saved filters, schedules.
import { z } from 'zod';
import {
  AdditionalBackupField,
  AdditionalBackupFieldsInput,
  BackupMethodFilter,
  PolicyEnums,
  ScheduleOption,
  TenantFilters,
  UserFilter,
  VendorClassification,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { listUserFilters } from '../audit/filters.ts';
import { ScheduleService } from '../audit/schedules.ts';
import { vendorClassifications } from '../backups/vendor-classifications.ts';
import { canRead as canReadBackup } from '../backups/route-access.ts';
import { listFields, saveFields } from './fields-service.ts';
import { backupMethods, policyEnums, tenantFilters } from './lookups-service.ts';

const canView = { access: { permissions: ['audit.getAudit'] } };
const canEditBackups = { access: { permissions: ['manage.editbackups'] } };
const tags = ['Common'];

export function lookupRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;
  const schedules = new ScheduleService(database, deps.rollup);

  r.get(
    '/api/backup/vendor/classifications',
    { config: canReadBackup, schema: { tags: ['Manage: backups'], response: { 200: z.array(VendorClassification) } } },
    async (req) => {
      tenantOf(req);
      return vendorClassifications();
    },
  );

  r.get('/api/common/policy-enums', { schema: { tags, response: { 200: PolicyEnums } } }, async (req) => {
    tenantOf(req);
    return policyEnums();
  });

  r.get(
    '/api/common/tenant-filters',
    { config: canView, schema: { tags, response: { 200: TenantFilters } } },
    async (req) => tenantFilters(database, tenantOf(req), await visibleCompanies(database, req)),
  );

  r.get(
    '/api/common/user-filters/all-backup-methods',
    { config: canView, schema: { tags, response: { 200: z.array(BackupMethodFilter) } } },
    async (req) => backupMethods(database, tenantOf(req), await visibleCompanies(database, req)),
  );

  r.get(
    '/api/common/user-filters/additional-backup-fields',
    { config: canView, schema: { tags, response: { 200: z.array(AdditionalBackupField) } } },
    async (req) => listFields(database, tenantOf(req)),
  );

  r.post(
    '/api/common/user-filters/additional-backup-fields',
    {
      config: canEditBackups,
      schema: { tags, body: AdditionalBackupFieldsInput, response: { 200: z.array(AdditionalBackupField) } },
    },
    async (req) => saveFields(database, tenantOf(req), req.body.Fields),
  );

  // The caller's own saved filters (the built-in "All backups" is in /api/common/user-filters).
  r.get(
    '/api/user/filter',
    { config: canView, schema: { tags: ['Users'], response: { 200: z.array(UserFilter) } } },
    async (req) => (await listUserFilters(database, tenantOf(req), req.auth.userId)).filter((f) => f.id !== -1),
  );

  // The schedules a backup's editor offers: the built-in rules and the tenant's named schedules.
  r.get(
    '/api/policy/schedules',
    { config: canReadBackup, schema: { tags: ['Policies'], response: { 200: z.array(ScheduleOption) } } },
    async (req) => schedules.options(tenantOf(req)),
  );
}
