import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { groups, tenants, users } from '../db/schema/index.ts';
import { testApp, type TestApp } from '../../test/harness.ts';
import { tenantSnapshot } from '../../test/snapshot.ts';
import { readFileSync } from 'node:fs';
import { fixture } from '../../test/fixtures.ts';
import { activateBackups } from '../audit/activation.ts';

/**
 * The outsider suite: a user of another tenant must get 404 for every resource of ours, see
 * none of our rows in any list, and change nothing. Every API route must be classified below,
 * so a new endpoint cannot slip in without being covered here.
 */
type Kind = 'public' | 'self' | 'platform' | 'tenant';
const CLASSIFIED: Record<string, Kind> = {
  'POST /api/UserAuth/Login': 'public',
  'GET /api/UserAuth/Login': 'public',
  'PUT /api/UserAuth/Login': 'public',
  'POST /api/UserAuth/logout': 'self',
  'GET /api/UserAuth/GetMsalSettings': 'public',
  'GET /api/UserAuth/GetGoogleApiSettings': 'public',
  'GET /api/UserAuth/GetAzureMsalSettings': 'public',
  'GET /api/auth/oidc/:provider/start': 'public',
  'GET /api/auth/oidc/:provider/callback': 'public',
  'GET /api/health': 'public',
  'POST /api/user/reset-password': 'public',
  'POST /api/user/validate-token': 'public',
  'POST /api/user/set-password': 'public',
  'POST /api/user/mfa/get/public': 'public',
  'POST /api/user/mfa/regenerate/public': 'public',
  'POST /api/user/mfa/update/public': 'public',
  'GET /api/user/authorized': 'self',
  'GET /api/user/profile': 'self',
  'POST /api/user/profile': 'self',
  'POST /api/user/change-password': 'self',
  'GET /api/user/mfa/get': 'self',
  'POST /api/user/mfa/regenerate': 'self',
  'POST /api/user/mfa/update': 'self',
  'DELETE /api/user/mfa': 'self',
  'GET /api/common/settings': 'self',
  'POST /api/admin/impersonation/logout': 'self',
  'GET /api/admin/tenants': 'platform',
  'POST /api/admin/impersonation/login/:id': 'platform',
  'GET /api/admin/feature-flag': 'platform',
  'PUT /api/admin/feature-flag/:id/:status': 'platform',
  'POST /api/admin/feature-flag': 'platform',
  'GET /api/UserActivity/GetUserActivity/:page': 'platform',
  'GET /api/admin/outbox': 'platform',
  'GET /api/group/standard': 'tenant',
  'GET /api/group/client': 'tenant',
  'GET /api/group/:id': 'tenant',
  'GET /api/user/:id': 'tenant',
  'GET /api/user/partner': 'tenant',
  'GET /api/user/client': 'tenant',
  'GET /api/user/dropdown': 'tenant',
  'GET /api/common/users-auto-complete': 'tenant',
  'POST /api/user': 'tenant',
  'PUT /api/user/:id': 'tenant',
  'POST /api/user/bulk-delete': 'tenant',
  'POST /api/user/bulk-new-password': 'tenant',
  'POST /api/user/enable-two-factor': 'tenant',
  'POST /api/user/disable-two-factor': 'tenant',
  'GET /api/user/sso': 'tenant',
  'PUT /api/user/sso/:flag': 'tenant',
  'GET /api/user/hub-users': 'tenant',
  'POST /api/user/grant-access': 'tenant',
  'POST /api/user/revoke-access': 'tenant',
  'GET /api/user-types': 'tenant',
  'POST /api/user-types/suggest': 'tenant',
  'POST /api/user-types/migrate': 'tenant',
  'GET /api/restriction-group': 'tenant',
  'GET /api/restriction-group/dropdown': 'tenant',
  'GET /api/restriction-group/:id': 'tenant',
  'POST /api/restriction-group': 'tenant',
  'DELETE /api/restriction-group/:id': 'tenant',
  'GET /api/group/dropdown': 'tenant',
  'GET /api/group/standard/dropdown': 'tenant',
  'GET /api/group/client/dropdown': 'tenant',
  'GET /api/group/users': 'tenant',
  'GET /api/group/standard/users': 'tenant',
  'GET /api/group/client/users': 'tenant',
  'POST /api/group': 'tenant',
  'POST /api/group/:id': 'tenant',
  'PUT /api/group': 'tenant',
  'PUT /api/group/:id': 'tenant',
  'DELETE /api/group/:id': 'tenant',
  'GET /api/permission/:type': 'tenant',
  'PUT /api/permission/toggle': 'tenant',
  'GET /api/tenant/processed-emails': 'tenant',
  'GET /api/tenant/processed-emails/download': 'tenant',
  'POST /api/tenant/processed-emails/reprocess': 'tenant',
  'GET /api/tenant/mailboxes': 'tenant',
  'POST /api/tenant/aliases': 'tenant',
  'DELETE /api/tenant/aliases/:id': 'tenant',
  'GET /api/parsing-status': 'platform',
  'GET /api/processed-emails': 'platform',
  'GET /api/processed-emails/download': 'platform',
  'PUT /api/processed-emails/reprocess': 'platform',
  'POST /api/admin/test-parsing': 'platform',
  'GET /api/admin/test-parsing/status': 'platform',
  'GET /api/admin/:provider/banned-emails': 'platform',
  'POST /api/admin/:provider/banned-emails': 'platform',
  'PUT /api/admin/:provider/banned-emails/:id': 'platform',
  'DELETE /api/admin/:provider/banned-emails/:id': 'platform',
  'GET /api/Message/GetMailBoxConfiguration': 'platform',
  'POST /api/admin/tenants/mailbox': 'platform',
  'POST /api/Message/ToggleEnableMailBox/:id': 'platform',
  'DELETE /api/Message/DeleteMailBox/:id': 'platform',
  'POST /api/Message/DeleteMailBoxes': 'platform',
  'POST /api/policy/audit-backups': 'tenant',
  'GET /api/policy/audit/results': 'tenant',
  'GET /api/audit-result/parsed-datetime/:id': 'tenant',
  'GET /api/audit-result/:id': 'tenant',
  'POST /api/audit-result': 'tenant',
  'PUT /api/audit-result/edit': 'tenant',
  'POST /api/audit-result/delete': 'tenant',
  'GET /api/audit-result/verify': 'tenant',
  'PUT /api/audit-result/verify': 'tenant',
  'PUT /api/audit-result/delete-verify': 'tenant',
  'PUT /api/audit-result/remediate': 'tenant',
  'PUT /api/audit-result/delete-remediate': 'tenant',
  'PUT /api/audit-result/restore': 'tenant',
  'PUT /api/audit-result/delete-restore': 'tenant',
  'GET /api/account/audit-filters': 'tenant',
  'PUT /api/account/audit-filters': 'tenant',
  'GET /api/account/audit-ui-settings': 'tenant',
  'PUT /api/account/audit-ui-settings': 'tenant',
  'GET /api/common/user-filters': 'tenant',
  'POST /api/user/filter': 'tenant',
  'DELETE /api/user/filter/:id': 'tenant',
  'GET /api/account/policy-count': 'tenant',
  'GET /api/plan': 'tenant',
  'PUT /api/plan': 'tenant',
  'POST /api/plan/session': 'tenant',
  'GET /api/invoice/': 'tenant',
  'GET /api/admin/plan/:tenantId': 'platform',
  'PUT /api/admin/plan/:tenantId/:handle': 'platform',
  'PUT /api/admin/set-subscription-id/:id': 'platform',
  'PUT /api/admin/pause-subscription/:id': 'platform',
  'PUT /api/admin/resume-subscription/:id': 'platform',
  'POST /api/billing/stripe/webhook': 'public',
  'POST /api/backup/inactive': 'tenant',
  'POST /api/backup/active': 'tenant',
  'POST /api/backup/retire': 'tenant',
  'GET /api/backup/vendor/used': 'tenant',
  'GET /api/backup/vendor/all': 'tenant',
  'GET /api/backup/side-menu/:id': 'tenant',
  'POST /api/policy/by-ids': 'tenant',
  'POST /api/policy/to-activate': 'tenant',
  'GET /api/policy/company-source/:id': 'tenant',
  'GET /api/policy/last-email': 'tenant',
  'PUT /api/policy-operation': 'tenant',
  'PUT /api/policy-operation/batch': 'tenant',
  'PUT /api/policy-operation/retire': 'tenant',
  'PUT /api/policy-operation/retire-batch': 'tenant',
  'PUT /api/policy-operation/reactivate': 'tenant',
  'PUT /api/policy-operation/reactivate-batch': 'tenant',
  'POST /api/policy-operation/delete': 'tenant',
  'POST /api/policy-operation/delete-batch': 'tenant',
  'POST /api/policy-operation/merge-polices': 'tenant',
  'GET /api/backups/:id': 'tenant',
  'PUT /api/backups/:id': 'tenant',
  'POST /api/backups/:id/pause': 'tenant',
  'POST /api/backups/:id/retire': 'tenant',
  'GET /api/backups/:id/children': 'tenant',
  'GET /api/schedule': 'tenant',
  'GET /api/schedule/options': 'tenant',
  'POST /api/schedule': 'tenant',
  'DELETE /api/schedule/:id': 'tenant',
  'GET /api/tags': 'tenant',
  'POST /api/tags': 'tenant',
  'PUT /api/tags': 'tenant',
  'DELETE /api/tags': 'tenant',
  'GET /api/policy/tags': 'tenant',
  'POST /api/user/activity-logs': 'tenant',
  'GET /api/user/activity-logs/actions/dropdown': 'tenant',
  'POST /api/template/list': 'tenant',
  'GET /api/template/dropdown': 'tenant',
  'GET /api/template/backups': 'tenant',
  'GET /api/template/activations': 'tenant',
  'POST /api/template/activations': 'tenant',
  'DELETE /api/template/activations': 'tenant',
  'POST /api/template/create': 'tenant',
  'POST /api/template/test': 'tenant',
  'PUT /api/template/rules': 'tenant',
  'PUT /api/template/apply': 'tenant',
  'PUT /api/template': 'tenant',
  'DELETE /api/template': 'tenant',
  'GET /api/template/:id': 'tenant',
  'DELETE /api/template/:id': 'tenant',
  'POST /api/template/:id/copy': 'tenant',
  'POST /api/template/:id/standalone': 'tenant',
  'PATCH /api/template/:id/:flag': 'tenant',
  'POST /api/backup-plans/list': 'tenant',
  'POST /api/backup-plans/create': 'tenant',
  'PUT /api/backup-plans/update': 'tenant',
  'POST /api/backup-plans/is-name-unique': 'tenant',
  'POST /api/backup-plans/apply': 'tenant',
  'POST /api/backup-plans/reorder': 'tenant',
  'POST /api/backup-plans/backups': 'tenant',
  'POST /api/backup-plans/scheduled-days': 'tenant',
  'POST /api/backup-plans/date-flags': 'tenant',
  'GET /api/backup-plans/:id': 'tenant',
  'DELETE /api/backup-plans/:id': 'tenant',
  'GET /api/backup-plans/:id/rules': 'tenant',
  'PATCH /api/backup-plans/:id/:flag': 'tenant',
  'POST /api/daily-activity/daily-backups': 'tenant',
  'GET /api/daily-activity/status-log/:backupId': 'tenant',
  'GET /api/daily-activity/group-details/:backupId': 'tenant',
  'POST /api/company/list': 'tenant',
  'GET /api/company/autocomplete': 'tenant',
  'GET /api/company/apply': 'tenant',
  'PUT /api/company/apply': 'tenant',
  'POST /api/company/test': 'tenant',
  'POST /api/company/create': 'tenant',
  'PUT /api/company/rename': 'tenant',
  'PUT /api/company/update': 'tenant',
  'PUT /api/company/replace': 'tenant',
  'GET /api/company/:id': 'tenant',
  'DELETE /api/company/:id': 'tenant',
  'GET /api/company/:id/rules': 'tenant',
  'PUT /api/company/:id/rules': 'tenant',
  'GET /api/client/mapping': 'tenant',
  'GET /api/client': 'tenant',
  'PUT /api/client/map': 'tenant',
  'PUT /api/client/mapping/:id': 'tenant',
  'DELETE /api/client/:id': 'tenant',
  'GET /api/client/apply': 'tenant',
  'PUT /api/client/apply': 'tenant',
  'GET /api/client/:kind/:clientId': 'tenant',
  'DELETE /api/dashboard/:id': 'tenant',
  'DELETE /api/dashboard/:id/share': 'tenant',
  'DELETE /api/dashboard/:id/tile/:tileId': 'tenant',
  'GET /api/dashboard': 'tenant',
  'GET /api/dashboard/:id/permissions': 'tenant',
  'GET /api/dashboard/:id/share': 'tenant',
  'GET /api/dashboard/:id/tile': 'tenant',
  'GET /api/dashboard/:id/tile/:tileId': 'tenant',
  'GET /api/dashboard/enums': 'tenant',
  'GET /api/dashboard/layout': 'tenant',
  'GET /api/insight': 'tenant',
  'GET /api/insight/:type': 'tenant',
  'POST /api/dashboard': 'tenant',
  'POST /api/dashboard/:id/permissions': 'tenant',
  'POST /api/dashboard/:id/refresh': 'tenant',
  'POST /api/dashboard/:id/share': 'tenant',
  'POST /api/dashboard/:id/tile': 'tenant',
  'POST /api/dashboard/:id/tile/:tileId/refresh': 'tenant',
  'POST /api/dashboard/copy': 'tenant',
  'POST /api/dashboard/template': 'tenant',
  'POST /api/dashboard/tile/generate': 'tenant',
  'POST /api/insight': 'tenant',
  'POST /api/insight/:type': 'tenant',
  'PUT /api/dashboard/:id': 'tenant',
  'PUT /api/dashboard/:id/permissions': 'tenant',
  'PUT /api/dashboard/:id/permissions/access/:type': 'tenant',
  'PUT /api/dashboard/:id/tile/:tileId': 'tenant',
  'PUT /api/dashboard/:id/tile/position': 'tenant',
  'DELETE /api/dashboard/layout/:id': 'platform',
  'GET /api/dashboard/layout/:id': 'platform',
  'GET /api/dashboard/layout/all': 'platform',
  'PATCH /api/dashboard/layout/:id/:publish': 'platform',
  'POST /api/admin/insights': 'platform',
  'POST /api/admin/insights/:tenantId': 'platform',
  'GET /api/admin/:tenantId/users': 'platform',
  'GET /api/admin/groups/:tenantId': 'platform',
  'GET /api/admin/tenants/:id/overview': 'platform',
  'POST /api/admin/tenants/:id/user': 'platform',
  'PUT /api/admin/tenants/:id/enable/:flag': 'platform',
  'GET /api/admin/users': 'platform',
  'GET /api/admin/users/search': 'platform',
  'POST /api/admin/users': 'platform',
  'PUT /api/admin/users': 'platform',
  'DELETE /api/admin/users/:id': 'platform',
  'GET /api/statistics/tenants': 'platform',
  'GET /api/statistics/emails': 'platform',
  'GET /api/statistics/emails/detailed': 'platform',
  'GET /api/statistics/backups': 'platform',
  'GET /api/statistics/backups/detailed': 'platform',
  'GET /api/statistics/public-api': 'platform',
  'GET /api/statistics/public-api/detailed': 'platform',
  'GET /api/functions/status': 'tenant',
  'GET /api/functions/admin/status': 'platform',
  'GET /api/logs/errors': 'platform',
  'POST /api/common/error': 'public',
  'POST /api/dashboard/layout': 'platform',
  'PUT /api/dashboard/layout': 'platform',
  'GET /api/dashboard-share': 'public',
  'GET /api/dashboard-share/:tileId': 'public',
  'GET /api/dashboard-share/logo': 'public',
  // Branding, tenant settings and option lists
  'POST /api/common/image-upload': 'tenant',
  'GET /api/image/:token': 'public',
  'GET /api/branding-info': 'tenant',
  'POST /api/branding-info': 'tenant',
  'GET /api/tenants/config': 'tenant',
  'PUT /api/tenants/config': 'tenant',
  'GET /api/tenants/email-domains': 'tenant',
  'GET /api/tenants/info': 'self',
  'GET /api/tenants/id': 'self',
  'PUT /api/tenants/autoupgrade/:flag': 'tenant',
  'PUT /api/tenants/enable/:flag': 'tenant',
  'PUT /api/tenants/delete/:flag': 'tenant',
  'PUT /api/tenants/:id/subscription-notes': 'platform',
  'PUT /api/tenants/:id/scalepad-tenant': 'platform',
  'GET /api/constant/country': 'self',
  'GET /api/constant/country/:id': 'self',
  'GET /api/constant/timezones': 'self',
  'POST /api/common/timezone/find': 'self',
  'GET /api/common/date-time-formats': 'self',
  'GET /api/email-settings': 'tenant',
  'GET /api/email-settings/list': 'tenant',
  'POST /api/email-settings': 'tenant',
  'POST /api/email-settings/test': 'tenant',
  'DELETE /api/email-settings': 'tenant',
  'GET /api/email-settings/alerts': 'tenant',
  'PUT /api/email-settings/alerts': 'tenant',
  'PUT /api/email-settings/alerts/': 'tenant',
  'GET /api/reports/scheduled': 'tenant',
  'POST /api/reports/scheduled': 'tenant',
  'GET /api/reports/scheduled/:id': 'tenant',
  'PUT /api/reports/scheduled/:id': 'tenant',
  'DELETE /api/reports/scheduled/:id': 'tenant',
  'POST /api/reports/scheduled/run/:id': 'tenant',
  'GET /api/reports': 'tenant',
  'POST /api/reports/report/:type/:id': 'tenant',
  'GET /api/reports/report/:type/:id': 'tenant',
  'DELETE /api/reports/report/:type/:id': 'tenant',
  'POST /api/reports/csv': 'tenant',
  'POST /api/reports/excel': 'tenant',
  'POST /api/reports/pdf': 'tenant',
  'GET /api/reports/pdf/status': 'tenant',
  'GET /api/backup-methods': 'tenant',
  'GET /api/backup-methods/used': 'tenant',
  'POST /api/backup-methods/report': 'tenant',
  // PSA integration and ticketing
  'DELETE /api/integration/crm/:id': 'tenant',
  'DELETE /api/integration/crm/:id/preload/:kind': 'tenant',
  'DELETE /api/ticket/profiles/:id': 'tenant',
  'DELETE /api/ticket/rules/:id': 'tenant',
  'GET /api/integration/autotask/regions': 'tenant',
  'GET /api/integration/crm': 'tenant',
  'GET /api/integration/crm/:id/:lookup': 'tenant',
  'GET /api/integration/crm/:id/board-items/:boardId': 'tenant',
  'GET /api/integration/crm/:id/board-statuses/:boardId': 'tenant',
  'GET /api/integration/crm/:id/board-subtypes/:boardId': 'tenant',
  'GET /api/integration/crm/:id/board-types/:boardId': 'tenant',
  'GET /api/integration/crm/:id/filters': 'tenant',
  'GET /api/integration/crm/:id/filters/properties': 'tenant',
  'GET /api/integration/crm/:id/operations/:queryId': 'tenant',
  'GET /api/integration/crm/:id/preload/:kind/:queryId': 'tenant',
  'GET /api/integration/crm/:id/responses': 'tenant',
  'GET /api/integration/crm/:id/responses/:rid/download': 'tenant',
  'GET /api/integration/crm/autotask/:id': 'tenant',
  'GET /api/integration/crm/connectwise/:id': 'tenant',
  'GET /api/integration/crm/haloitsm/:id': 'tenant',
  'GET /api/integration/crm/halopsa/:id': 'tenant',
  'GET /api/integration/crm/kaseyabms/:id': 'tenant',
  'GET /api/integration/crm/servicenow/:id': 'tenant',
  'GET /api/integration/crm/syncromsp/:id': 'tenant',
  'GET /api/policy/:id/ticket-rules': 'tenant',
  'GET /api/policy/ticket-link': 'tenant',
  'GET /api/ticket/all-ticketing-groups': 'tenant',
  'GET /api/ticket/custom-subjects': 'tenant',
  'GET /api/ticket/default-subjects': 'tenant',
  'GET /api/ticket/get-details': 'tenant',
  'GET /api/ticket/issues': 'tenant',
  'GET /api/ticket/link': 'tenant',
  'GET /api/ticket/profiles/:id': 'tenant',
  'GET /api/ticket/profiles/dropdown': 'tenant',
  'GET /api/ticket/profiles/migrate': 'tenant',
  'GET /api/ticket/profiles/psa': 'tenant',
  'GET /api/ticket/rules': 'tenant',
  'GET /api/ticket/rules/:id': 'tenant',
  'GET /api/ticket/ticketing-groups': 'tenant',
  'PATCH /api/integration/crm/:id/filters/properties': 'tenant',
  'PATCH /api/ticket/profiles/psa/:id': 'tenant',
  'POST /api/integration/crm/:id/companies/sync': 'tenant',
  'POST /api/integration/crm/:id/filters': 'tenant',
  'POST /api/integration/crm/:id/filters/sync': 'tenant',
  'POST /api/integration/crm/:id/preload/:kind': 'tenant',
  'POST /api/integration/crm/autotask': 'tenant',
  'POST /api/integration/crm/autotask/validate': 'tenant',
  'POST /api/integration/crm/connectwise': 'tenant',
  'POST /api/integration/crm/connectwise/validate': 'tenant',
  'POST /api/integration/crm/haloitsm': 'tenant',
  'POST /api/integration/crm/haloitsm/validate': 'tenant',
  'POST /api/integration/crm/halopsa': 'tenant',
  'POST /api/integration/crm/halopsa/validate': 'tenant',
  'POST /api/integration/crm/kaseyabms': 'tenant',
  'POST /api/integration/crm/kaseyabms/validate': 'tenant',
  'POST /api/integration/crm/servicenow': 'tenant',
  'POST /api/integration/crm/servicenow/validate': 'tenant',
  'POST /api/integration/crm/syncromsp': 'tenant',
  'POST /api/integration/crm/syncromsp/validate': 'tenant',
  'POST /api/policy/tickets': 'tenant',
  'POST /api/ticket/CreateForPolicy/:id': 'tenant',
  'POST /api/ticket/UnlinkFromPolicy/:id': 'tenant',
  'POST /api/ticket/UpdateDetails': 'tenant',
  'POST /api/ticket/pattern-example': 'tenant',
  'POST /api/ticket/profiles': 'tenant',
  'POST /api/ticket/profiles/list': 'tenant',
  'POST /api/ticket/rules': 'tenant',
  'POST /api/ticket/rules/GetWithPolicyData': 'tenant',
  'PUT /api/integration/crm/autotask/:id': 'tenant',
  'PUT /api/integration/crm/connectwise/:id': 'tenant',
  'PUT /api/integration/crm/haloitsm/:id': 'tenant',
  'PUT /api/integration/crm/halopsa/:id': 'tenant',
  'PUT /api/integration/crm/kaseyabms/:id': 'tenant',
  'PUT /api/integration/crm/servicenow/:id': 'tenant',
  'PUT /api/integration/crm/syncromsp/:id': 'tenant',
  'PUT /api/ticket/custom-subjects': 'tenant',
  'PUT /api/ticket/profiles': 'tenant',
  'PUT /api/ticket/rules/:id': 'tenant',
  'PUT /api/ticket/rules/:id/position': 'tenant',
  // Settings → API Keys, and the public REST API (tenant data by the tenant's key).
  'GET /api/account/api-key': 'tenant',
  'POST /api/account/api-key': 'tenant',
  'DELETE /api/account/api-key/:id': 'tenant',
  'GET /api/public/v1/companies': 'tenant',
  'GET /api/public/v1/backups': 'tenant',
  'GET /api/public/v1/backups/:id': 'tenant',
  'GET /api/public/v1/results': 'tenant',
  'GET /api/public/v1/daily-history': 'tenant',
  'GET /api/messages': 'platform',
  'GET /api/messages/active': 'self',
  'POST /api/messages/': 'platform',
  'PUT /api/messages/': 'platform',
  'DELETE /api/messages/:id': 'platform',
  'GET /api/realtime': 'public',
  'POST /api/support/ticket': 'tenant',
  // Sign-up, confirmation, unsubscribe; coupons, resellers and tenant creation
  'GET /api/signup/get-plans': 'public',
  'GET /api/signup/get-plans-all': 'public',
  'GET /api/signup/check-coupon': 'public',
  'GET /api/signup/check-user-email': 'public',
  'GET /api/signup/check-ref': 'public',
  'GET /api/signup/check-subscription-handle': 'public',
  'POST /api/signup': 'public',
  'POST /api/signup/ref': 'public',
  'POST /api/signup/confirm-email': 'public',
  'POST /api/signup/resend-confirmation': 'public',
  'PUT /api/unsubscribe': 'public',
  'GET /api/constant/coupon-types': 'self',
  'GET /api/coupon': 'platform',
  'GET /api/coupon/': 'platform',
  'POST /api/coupon': 'platform',
  'POST /api/coupon/': 'platform',
  'DELETE /api/coupon/:id': 'platform',
  'GET /api/reseller': 'platform',
  'GET /api/reseller/': 'platform',
  'POST /api/reseller': 'platform',
  'POST /api/reseller/': 'platform',
  'DELETE /api/reseller/:id': 'platform',
  'POST /api/admin/tenants': 'platform',
};

let t: TestApp;
let homeId: number;
let homeGroupIds: number[];
let homeUserIds: number[];
let homeEmailId: number;
let homeAliasId: number;
let homeBackupId: number;
let homeResultId: number;
let homeScheduleId: number;
let homeFilterId: number;
let homeDay: string;

beforeAll(async () => {
  t = await testApp();
  const [home] = await t.database.db.select().from(tenants).where(eq(tenants.slug, 'acme'));
  homeId = home.id;
  homeGroupIds = (await t.database.db.select().from(groups).where(eq(groups.tenantId, homeId))).map((g) => g.id);
  homeUserIds = (await t.database.db.select().from(users).where(eq(users.tenantId, homeId))).map((u) => u.id);
  const raw = readFileSync(fixture('veeam-br', 'backup-job-success.eml'));
  const [accepted] = await t.deps.ingest.accept({
    raw,
    envelopeFrom: 'veeam@acme.test',
    recipients: [{ tenantId: homeId, address: 'acme@inbound.localhost', plusTag: null }],
    source: 'smtp',
  });
  homeEmailId = accepted.emailId;
  homeAliasId = (await (await t.as('admin'))('POST', '/api/tenant/aliases', { Email: 'acme-backups' })).body.Id;

  // Audit data of ours: an active backup on a named schedule, a manual result, a verified day,
  // saved filters and settings.
  const admin = await t.as('admin');
  homeScheduleId = (await admin('POST', '/api/schedule', { Name: 'Nightly', Rule: { kind: 'weekly', weekdays: 127 } }))
    .body.ScheduleId;
  const backup = await t.database.query<{ id: number }>(
    `SELECT id FROM backups WHERE tenant_id = $1 ORDER BY id LIMIT 1`,
    [homeId],
  );
  homeBackupId = backup.rows[0].id;
  await activateBackups(t.database, t.deps.rollup, homeId, [homeBackupId], { scheduleId: homeScheduleId });
  const yesterday = new Date(Date.now() - 86_400_000);
  homeDay = yesterday.toISOString().slice(0, 10);
  homeResultId = (
    await admin('POST', '/api/audit-result', {
      PolicyId: homeBackupId,
      Status: 1,
      ParsedDateTime: yesterday.toISOString(),
    })
  ).body.ResultID;
  await admin('PUT', '/api/audit-result/verify', { PolicyIds: [homeBackupId], Date: homeDay, Notes: 'ours' });
  homeFilterId = (await admin('POST', '/api/user/filter', { name: 'Ours', filters: { Statuses: [3] } })).body.id;
  await admin('PUT', '/api/account/audit-filters', { Search: 'ours' });
});

/** The audit rows a tenant owns, as one comparable value (with the snapshot of everything else). */
async function auditSnapshot(tenantId: number): Promise<string> {
  const parts: Record<string, unknown> = {};
  for (const table of ['schedules', 'audit_actions', 'user_filters', 'backup_days', 'backup_tags', 'companies']) {
    parts[table] = (
      await t.database.query(`SELECT * FROM ${table} WHERE tenant_id = $1 ORDER BY 1, 2, 3`, [tenantId])
    ).rows;
  }
  parts.user_preferences = (
    await t.database.query(
      'SELECT p.* FROM user_preferences p JOIN users u ON u.id = p.user_id WHERE u.tenant_id = $1 ORDER BY 1, 2',
      [tenantId],
    )
  ).rows;
  return JSON.stringify(parts) + (await tenantSnapshot(t.database, tenantId));
}
afterAll(async () => t.close());

describe('route coverage', () => {
  it('classifies every API route, and every classified route exists', () => {
    const actual = t.routes.map((r) => `${r.method} ${r.url}`).sort();
    expect(actual).toEqual(Object.keys(CLASSIFIED).sort());
  });

  it('public routes are exactly the ones marked public on the server', () => {
    const publicRoutes = t.routes
      .filter((r) => r.access?.public)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    const expected = Object.entries(CLASSIFIED)
      .filter(([, k]) => k === 'public')
      .map(([r]) => r)
      .sort();
    expect(publicRoutes).toEqual(expected);
  });
});

describe('another tenant', () => {
  it('gets 404 for each of our groups and users, and changes nothing', async () => {
    const before = await tenantSnapshot(t.database, homeId);
    const outsider = await t.as('outsider');
    for (const id of homeGroupIds) {
      const r = await outsider('GET', `/api/group/${id}`);
      expect(r.status, `group ${id}`).toBe(404);
      expect(r.body.Message).toBe('Not found');
    }
    for (const id of homeUserIds) expect((await outsider('GET', `/api/user/${id}`)).status, `user ${id}`).toBe(404);
    expect(await tenantSnapshot(t.database, homeId)).toBe(before);
  });

  it('gets 404 for our e-mails and aliases, and changes nothing', async () => {
    const before = await tenantSnapshot(t.database, homeId);
    const outsider = await t.as('outsider');
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/tenant/processed-emails/download?emailId=${homeEmailId}`],
      ['POST', '/api/tenant/processed-emails/reprocess', { emailId: homeEmailId }],
      ['DELETE', `/api/tenant/aliases/${homeAliasId}`],
    ];
    for (const [method, url, body] of calls) {
      const r = await outsider(method, url, body);
      expect(r.status, `${method} ${url}`).toBe(404);
      expect(r.body.Message).toBe('Not found');
    }
    expect(await tenantSnapshot(t.database, homeId)).toBe(before);
  });

  it('gets 404 for our backups, results, schedules and saved filters, and changes nothing', async () => {
    const before = await auditSnapshot(homeId);
    const outsider = await t.as('outsider');
    const ids = { PolicyIds: [homeBackupId], Date: homeDay };
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/policy/audit/results?policyId=${homeBackupId}&date=${homeDay}`],
      ['GET', `/api/audit-result/${homeResultId}`],
      ['GET', `/api/audit-result/parsed-datetime/${homeResultId}`],
      ['POST', '/api/audit-result', { PolicyId: homeBackupId, Status: 3, ParsedDateTime: new Date().toISOString() }],
      [
        'PUT',
        '/api/audit-result/edit',
        { ResultID: homeResultId, Status: 3, ParsedDateTime: new Date().toISOString() },
      ],
      ['POST', '/api/audit-result/delete', { ResultIds: [homeResultId] }],
      ['GET', `/api/audit-result/verify?policyId=${homeBackupId}&date=${homeDay}`],
      ['PUT', '/api/audit-result/verify', ids],
      ['PUT', '/api/audit-result/remediate', ids],
      ['PUT', '/api/audit-result/restore', ids],
      ['PUT', '/api/audit-result/delete-verify', ids],
      ['PUT', '/api/audit-result/delete-remediate', ids],
      ['PUT', '/api/audit-result/delete-restore', ids],
      ['POST', '/api/user/filter', { id: homeFilterId, name: 'Taken over', filters: {} }],
      ['DELETE', `/api/user/filter/${homeFilterId}`],
      [
        'POST',
        '/api/schedule',
        { ScheduleId: homeScheduleId, Name: 'Taken over', Rule: { kind: 'weekly', weekdays: 1 } },
      ],
      ['DELETE', `/api/schedule/${homeScheduleId}`],
      ['GET', `/api/daily-activity/status-log/${homeBackupId}?date=${homeDay}`],
      ['GET', `/api/daily-activity/group-details/${homeBackupId}?date=${homeDay}`],
    ];
    for (const [method, url, body] of calls) {
      const r = await outsider(method, url, body);
      expect(r.status, `${method} ${url}`).toBe(404);
      expect(r.body.Message).toBe('Not found');
    }
    expect(await auditSnapshot(homeId)).toBe(before);
  });

  it('sees none of our audit rows, schedules, results of the day or saved filters', async () => {
    const outsider = await t.as('outsider');
    const grid = await outsider('POST', '/api/policy/audit-backups', {});
    expect(grid.status).toBe(200);
    expect(grid.body.Total).toBe(0);
    const daily = await outsider('POST', '/api/daily-activity/daily-backups', { Date: homeDay });
    expect(daily.status).toBe(200);
    expect(daily.body.Total).toBe(0);
    expect((await outsider('GET', '/api/schedule')).body).toEqual([]);
    const options = await outsider('GET', '/api/schedule/options');
    expect(options.body.every((o: { ScheduleId: number | null }) => o.ScheduleId === null)).toBe(true);
    expect((await outsider('GET', '/api/common/user-filters')).body).toEqual([
      { id: -1, name: 'All backups', filters: {} },
    ]);
    expect((await outsider('GET', '/api/account/audit-filters')).body).toEqual({});
    // Our audit data is there for us.
    const admin = await t.as('admin');
    expect((await admin('POST', '/api/policy/audit-backups', {})).body.Total).toBe(1);
    expect((await admin('GET', '/api/schedule')).body).toHaveLength(1);
  });

  it('sees none of our e-mails, aliases or discovered backups', async () => {
    const outsider = await t.as('outsider');
    const emails = await outsider('GET', '/api/tenant/processed-emails');
    expect(emails.status).toBe(200);
    expect(emails.body.Results.map((e: { emailId: number }) => e.emailId)).not.toContain(homeEmailId);
    const boxes = await outsider('GET', '/api/tenant/mailboxes');
    expect(boxes.body.InboundAddress).toBe('other@inbound.localhost');
    expect(boxes.body.Aliases).toEqual([]);
    const inactive = await outsider('POST', '/api/backup/inactive', {});
    expect(inactive.status).toBe(200);
    expect(inactive.body.Total).toBe(0);
    // The alias belongs to us: the outsider cannot take it either.
    const taken = await outsider('POST', '/api/tenant/aliases', { Email: 'acme-backups' });
    expect(taken.status).toBe(400);
  });

  it('sees none of our rows in lists', async () => {
    const outsider = await t.as('outsider');
    for (const url of ['/api/group/standard', '/api/group/client']) {
      const r = await outsider('GET', url);
      expect(r.status).toBe(200);
      expect(r.body.length).toBeGreaterThan(0);
      for (const g of r.body) expect(homeGroupIds).not.toContain(g.Id);
    }
    const settings = await outsider('GET', '/api/common/settings');
    expect(settings.body.TenantName).toBe('Other MSP');
  });

  it('is told 404 for an id that exists nowhere, exactly as for ours (no existence oracle)', async () => {
    const outsider = await t.as('outsider');
    const ours = await outsider('GET', `/api/group/${homeGroupIds[0]}`);
    const none = await outsider('GET', '/api/group/999999');
    expect(ours.status).toBe(none.status);
    expect(ours.body).toEqual(none.body);
  });
});

describe('our own tenant', () => {
  it('an admin reads our groups and users', async () => {
    const admin = await t.as('admin');
    const r = await admin('GET', `/api/group/${homeGroupIds[0]}`);
    expect(r.status).toBe(200);
    expect((await admin('GET', `/api/user/${homeUserIds[1]}`)).body.Email).toMatch(/@acme\.test$/);
    const list = await admin('GET', '/api/group/standard');
    expect(list.body.map((g: { Name: string }) => g.Name)).toEqual(['Administrators', 'Standard Users']);
  });

  it('standard and client users lack settings.getusers and get 403 with the spec message', async () => {
    for (const p of ['standard', 'client'] as const) {
      const r = await (await t.as(p))('GET', '/api/group/standard');
      expect(r.status, p).toBe(403);
      expect(r.body.Message).toBe("You don't have a permission.");
    }
  });
});

describe('platform routes', () => {
  it('refuse every tenant persona with 403', async () => {
    const platform = t.routes.filter((r) => CLASSIFIED[`${r.method} ${r.url}`] === 'platform');
    for (const p of ['admin', 'standard', 'client', 'outsider'] as const) {
      const call = await t.as(p);
      for (const r of platform) {
        const url = r.url
          .replace(':id', '1')
          .replace(':status', '1')
          .replace(':page', '1')
          .replace(':provider', 'smtp')
          .replace(':tenantId', '1')
          .replace(':publish', 'true');
        const res = await call(r.method, url, r.method === 'GET' ? undefined : { Key: 'x1', TenantIds: [] });
        expect(res.status, `${p} ${r.method} ${url}`).toBe(403);
      }
    }
  });
});
