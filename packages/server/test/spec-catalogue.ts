/**
 * Platform §7 ("The calls it makes") as data: every call the product makes, method and path,
 * transcribed from the specification in its order, with `{param}` segments. Where §7 names a
 * call without its full path (a list of sub-paths after "..."), the prefix is the paragraph's.
 * `ANY` stands for a call whose method §7 leaves out.
 */

export interface SpecCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'ANY';
  path: string;
}

type Line = string;

/** `'GET POST /api/x'` → two calls; `'GET /api/x, /api/y'` → two calls. */
function calls(...lines: Line[]): SpecCall[] {
  const out: SpecCall[] = [];
  for (const line of lines) {
    const parts = line.split(' ');
    const methods = parts.filter((p) => /^(GET|POST|PUT|PATCH|DELETE|ANY)$/.test(p)) as SpecCall['method'][];
    const paths = parts
      .filter((p) => p.startsWith('/'))
      .map((p) => p.replace(/,$/, ''))
      .filter(Boolean);
    for (const method of methods) for (const path of paths) out.push({ method, path });
  }
  return out;
}

/** `under('/api/x', 'GET', '. a b/c')` → GET /api/x, /api/x/a, /api/x/b/c (`.` is the prefix itself). */
const under = (prefix: string, method: string, subs: string): Line =>
  `${method} ${subs
    .split(' ')
    .map((s) => (s === '.' ? prefix : `${prefix}/${s}`))
    .join(' ')}`;

const CRM_VENDORS = 'autotask connectwise halopsa haloitsm servicenow syncromsp kaseyabms'.split(' ');

export const BACKUP_SOURCE_VENDORS =
  'acronis aws azure cloudberry comet datto dropsuite itglue msp replibit replibit-legacy skykick solarwinds storagecraft veeam veeam-legacy slide redstor'.split(
    ' ',
  );

const CRM_LOOKUPS =
  'service-boards priorities board-statuses/{id} board-types/{id} ticket-categories sources categories urgencies impacts groups ticket-types callers'.split(
    ' ',
  );

export const SPEC_CATALOGUE: SpecCall[] = calls(
  // Auth.
  'GET POST PUT /api/UserAuth/Login',
  'POST /api/UserAuth/logout',
  'GET /api/UserAuth/GetMsalSettings /api/UserAuth/GetGoogleApiSettings /api/UserAuth/GetAzureMsalSettings',
  // Account.
  'GET PUT /api/account/audit-filters /api/account/audit-ui-settings',
  'GET POST /api/account/api-key',
  'DELETE /api/account/api-key/{id}',
  'GET /api/account/policy-count',
  // Parsing and processed e-mails (admin).
  'GET /api/parsing-status /api/processed-emails /api/processed-emails/download',
  'PUT /api/processed-emails/reprocess',
  'POST /api/admin/test-parsing',
  'GET /api/admin/test-parsing/status',
  'GET /api/tenant/processed-emails /api/tenant/processed-emails/download',
  'POST /api/tenant/processed-emails/reprocess',
  // Admin plan and subscription.
  'GET /api/admin/plan/{tenantId}',
  'PUT /api/admin/set-subscription-id/{id} /api/admin/plan/{tenantId}/{handle}',
  'PUT /api/admin/pause-subscription/{id} /api/admin/resume-subscription/{id}',
  // Admin activity and mailboxes.
  'GET /api/UserActivity/GetUserActivity/{page} /api/Message/GetMailBoxConfiguration',
  'DELETE /api/Message/DeleteMailBox/{id}',
  'POST /api/Message/DeleteMailBoxes /api/Message/ToggleEnableMailBox/{id}',
  'GET POST /api/admin/{mailProvider}/banned-emails',
  'PUT DELETE /api/admin/{mailProvider}/banned-emails/{id}',
  'POST /api/admin/{mailProvider}/sync-routing',
  // Admin tenants and users.
  'GET POST /api/admin/tenants',
  'GET /api/admin/{tenantId}/users /api/admin/groups/{tenantId}',
  'POST /api/admin/tenants/{id}/user /api/admin/impersonation/login/{id} /api/admin/impersonation/logout',
  'POST /api/admin/tenants/mailbox',
  'GET POST PUT /api/admin/users',
  'DELETE /api/admin/users/{id}',
  'GET /api/admin/users/search',
  under(
    '/api/statistics',
    'GET',
    'tenants emails emails/detailed backups backups/detailed public-api public-api/detailed',
  ),
  'GET POST /api/admin/feature-flag',
  'PUT /api/admin/feature-flag/{id}/{status}',
  // Dashboard layouts (admin).
  'GET /api/dashboard/layout/all /api/dashboard/layout/{id}',
  'POST PUT /api/dashboard/layout',
  'PATCH /api/dashboard/layout/{id}/{publish}',
  'DELETE /api/dashboard/layout/{id}',
  // Insights.
  'POST /api/admin/insights /api/admin/insights/{tenantId}',
  'GET POST /api/insight /api/insight/{type}',
  // Alert scope (admin).
  'POST PUT /api/alert-scope/admin/alert-emails',
  under(
    '/api/alert-scope/admin/alert-emails/{tenantId}/{emailUid}',
    'GET',
    '. analyzed-results training-data download',
  ),
  'POST /api/alert-scope/admin/alert-emails/{tenantId}/{emailUid}/reparse',
  'PATCH /api/alert-scope/admin/alert-emails/flag',
  'GET POST PUT /api/alert-scope/admin/ner-labels',
  'DELETE /api/alert-scope/admin/ner-labels/{id}',
  'GET POST /api/alert-scope/admin/classifications',
  'PUT DELETE /api/alert-scope/admin/classifications/{id}',
  'GET PUT /api/alert-scope/admin/alert-types',
  'POST /api/alert-scope/admin/suggest-category',
  // Alert radar.
  'GET /api/alert-radar/mailbox',
  'PATCH /api/alert-radar/mailbox/activate',
  'GET /api/alert-radar/parser-version',
  'POST /api/alert-radar/alert-emails',
  'GET /api/alert-radar/alert-emails/{id} /api/alert-radar/alert-emails/{id}/parser-results',
  'POST /api/alert-radar/alert-emails/{id}/reparse /api/alert-radar/alert-emails/{id}/feedback',
  'PUT /api/alert-radar/alert-emails/feedback/{id}',
  'GET /api/alert-radar/markers/search',
  // Audit results.
  under('/api/audit-result', 'PUT', 'verify delete-verify remediate delete-remediate restore delete-restore'),
  'GET /api/audit-result/verify /api/audit-result/{id}',
  'POST /api/audit-result/delete /api/audit-result',
  'PUT /api/audit-result/edit',
  'GET /api/audit-result/parsed-datetime/{id}',
  // Backup.
  'POST /api/backup/inactive /api/backup/active /api/backup/retire',
  'GET /api/backup/vendor/used /api/backup/vendor/all /api/backup/vendor/classifications',
  'GET /api/backup/side-menu/{id}',
  'POST /api/backup/run/{id}',
  'GET /api/backup-methods /api/backup-methods/used',
  'POST /api/backup-methods/report',
  // Backup plans.
  'POST /api/backup-plans/list /api/backup-plans/create',
  'PUT /api/backup-plans/update',
  'GET DELETE /api/backup-plans/{id}',
  'GET /api/backup-plans/{id}/rules',
  'POST /api/backup-plans/is-name-unique',
  'PATCH /api/backup-plans/{id}/{flag}',
  under('/api/backup-plans', 'POST', 'apply reorder backups scheduled-days date-flags'),
  // Backups.
  'GET PUT /api/backups/{id}',
  'POST /api/backups/{id}/pause /api/backups/{id}/retire',
  'GET /api/backups/{id}/children',
  // Branding.
  'GET POST /api/branding-info',
  // Clients.
  'GET /api/client/mapping',
  'PUT /api/client/mapping/{id}',
  'DELETE /api/client/{id}',
  'PUT /api/client/map',
  'GET /api/client/{a}/{b} /api/client',
  'GET PUT /api/client/apply',
  // Common.
  under(
    '/api/common',
    'GET',
    'users-auto-complete user-filters user-filters/all-backup-methods tenant-filters date-time-formats GetReplibitNamingConventions settings policy-enums',
  ),
  'GET POST /api/common/user-filters/additional-backup-fields',
  'POST /api/common/timezone/find /api/common/image-upload /api/common/error',
  // Company.
  'POST /api/company/list',
  'GET /api/company/autocomplete /api/company/{id}',
  'POST /api/company/create',
  'PUT /api/company/rename /api/company/update /api/company/replace',
  'DELETE /api/company/{id}',
  'GET PUT /api/company/apply',
  'POST /api/company/test',
  // Constants.
  under('/api/constant', 'GET', 'country country/{id} timezones coupon-types'),
  // Coupons, resellers.
  'GET POST /api/coupon /api/reseller',
  'DELETE /api/coupon/{id} /api/reseller/{id}',
  // Daily activity.
  'POST /api/daily-activity/daily-backups',
  'GET /api/daily-activity/status-log/{backupId} /api/daily-activity/group-details/{backupId}',
  // Dashboards.
  'GET /api/dashboard /api/dashboard/layout',
  'GET PUT POST /api/dashboard/{id}/permissions',
  'PUT /api/dashboard/{id}/permissions/access/{type}',
  'GET POST DELETE /api/dashboard/{id}/share',
  'POST /api/dashboard /api/dashboard/template /api/dashboard/copy',
  'PUT DELETE /api/dashboard/{id}',
  'POST /api/dashboard/{id}/refresh',
  'GET POST /api/dashboard/{id}/tile',
  'GET PUT DELETE /api/dashboard/{id}/tile/{tileId}',
  'PUT /api/dashboard/{id}/tile/position',
  'POST /api/dashboard/tile/generate /api/dashboard/{id}/tile/{tileId}/refresh',
  'GET /api/dashboard/enums',
  'GET /api/dashboard-share/logo /api/dashboard-share /api/dashboard-share/{tileId}',
  // E-mail settings.
  'GET /api/email-settings /api/email-settings/list /api/email-settings/alerts',
  'POST /api/email-settings /api/email-settings/test',
  'PUT /api/email-settings/alerts',
  'DELETE /api/email-settings',
  // Functions and logs.
  'GET /api/functions/status /api/functions/admin/status /api/logs/errors',
  // Groups and permissions.
  under(
    '/api/group',
    'GET',
    'standard client dropdown standard/dropdown client/dropdown users standard/users client/users {id}',
  ),
  'POST /api/group /api/group/{id}',
  'PUT /api/group /api/group/{id}',
  'DELETE /api/group/{id}',
  'GET /api/permission/{type}',
  'PUT /api/permission/toggle',
  'GET /api/restriction-group /api/restriction-group/{id} /api/restriction-group/dropdown',
  'POST /api/restriction-group',
  'DELETE /api/restriction-group/{id}',
  // Integrations: PSA/CRM.
  ...CRM_VENDORS.flatMap((v) => [
    `GET /api/integration/crm/${v}/{id}`,
    `POST /api/integration/crm/${v}/validate /api/integration/crm/${v}`,
    `PUT /api/integration/crm/${v}/{Id}`,
  ]),
  'GET /api/integration/crm',
  'DELETE /api/integration/crm/{id}',
  'GET /api/integration/crm/{id}/responses /api/integration/crm/{id}/responses/{responseId}/download',
  'GET /api/integration/autotask/regions',
  'GET POST /api/integration/crm/{id}/filters',
  'GET PATCH /api/integration/crm/{id}/filters/properties',
  'POST /api/integration/crm/{id}/companies/sync /api/integration/crm/{id}/filters/sync',
  ...['configuration-filters', 'company-filters', 'companies'].map(
    (k) => `POST DELETE /api/integration/crm/{id}/preload/${k}`,
  ),
  under('/api/integration/crm/{id}', 'GET', CRM_LOOKUPS.join(' ')),
  // Integrations: backup vendor sources.
  ...BACKUP_SOURCE_VENDORS.flatMap((v) => [`GET POST /api/integration/${v}`, `GET DELETE /api/integration/${v}/{id}`]),
  'GET /api/integration/aws/regions /api/integration/solarwinds/regions /api/integration/itglue/settings-options',
  under(
    '/api/integration/azure',
    'ANY',
    'verify-credentials vaults/get tenants/get subscriptions/get-name subscriptions/get applications/get applications/create applications/keys/create',
  ),
  'GET /api/integration/backups /api/integration/backups/list /api/integration/{type}/{id}/companies',
  // Invoices, mailboxes, messages, plans.
  'GET /api/invoice /api/tenant/mailboxes',
  'POST /api/tenant/aliases',
  'DELETE /api/tenant/aliases/{id}',
  'GET /api/messages/active /api/messages',
  'POST PUT /api/messages',
  'DELETE /api/messages/{id}',
  'GET PUT /api/plan',
  'POST /api/plan/session',
  // Policies.
  'POST /api/policy/audit-backups /api/policy/by-ids /api/policy/to-activate /api/policy/tickets',
  'GET /api/policy/company-source/{id} /api/policy/{id}/ticket-rules',
  under('/api/policy', 'GET', 'tags schedules last-email audit/file ticket-link audit/results'),
  under('/api/policy-operation', 'PUT', '. batch retire retire-batch reactivate reactivate-batch'),
  under('/api/policy-operation', 'POST', 'delete delete-batch merge-polices'),
  'GET /api/popularity/{id}/unpopular-time',
  'POST /api/popularity/{id}',
  // Reports.
  'GET /api/reports',
  'POST GET DELETE /api/reports/report/{type}/{id}',
  'POST /api/reports/excel /api/reports/pdf /api/reports/csv',
  'GET /api/reports/pdf/status',
  'GET POST /api/reports/scheduled',
  'GET PUT DELETE /api/reports/scheduled/{id}',
  'POST /api/reports/scheduled/run/{id}',
  // Parent-platform sign-in (public).
  'GET /api/scalepad/info /api/scalepad/signin',
  'POST /api/scalepad/signup',
  // Schedules, tags, support.
  'GET POST /api/schedule',
  'DELETE /api/schedule/{id}',
  'GET /api/schedule/options',
  'GET POST PUT DELETE /api/tags',
  'POST /api/support/ticket',
  // Signup (public).
  under(
    '/api/signup',
    'GET',
    'get-plans get-plans-all check-coupon check-user-email check-ref check-subscription-handle',
  ),
  'POST /api/signup/ref',
  // Templates.
  'POST /api/template/list',
  'GET DELETE /api/template/{id}',
  'POST /api/template/create /api/template/{id}/copy',
  'DELETE PUT /api/template',
  'GET /api/template/backups /api/template/dropdown',
  'POST /api/template/test',
  'PUT /api/template/rules /api/template/apply',
  'PATCH /api/template/{id}/{flag}',
  'GET POST DELETE /api/template/activations',
  // Tenant configuration.
  'GET PUT /api/tenants/config',
  'GET /api/tenants/email-domains /api/tenants/info /api/tenants/id',
  under(
    '/api/tenants',
    'PUT',
    'autoupgrade/{flag} enable/{flag} delete/{flag} {id}/subscription-notes {id}/scalepad-tenant',
  ),
  // Tickets.
  under('/api/ticket', 'GET', 'issues custom-subjects default-subjects ticketing-groups all-ticketing-groups'),
  'PUT /api/ticket/custom-subjects',
  'POST /api/ticket/pattern-example',
  'POST /api/ticket/profiles/list /api/ticket/profiles',
  'GET /api/ticket/profiles/psa /api/ticket/profiles/dropdown /api/ticket/profiles/{id} /api/ticket/profiles/migrate',
  'PUT /api/ticket/profiles',
  'DELETE /api/ticket/profiles/{id}',
  'PATCH /api/ticket/profiles/psa/{id}',
  'GET POST /api/ticket/rules',
  'GET PUT DELETE /api/ticket/rules/{id}',
  'POST /api/ticket/rules/GetWithPolicyData',
  'GET /api/ticket/get-details /api/ticket/link',
  'POST /api/ticket/UpdateDetails /api/ticket/UnlinkFromPolicy/{id} /api/ticket/CreateForPolicy/{id}',
  // Users: public.
  'PUT /api/unsubscribe',
  under(
    '/api/user',
    'POST',
    'reset-password validate-token set-password mfa/get/public mfa/regenerate/public mfa/update/public',
  ),
  // Users: authenticated.
  'GET POST /api/user/profile',
  'GET /api/user/authorized',
  'GET POST /api/user/filter',
  'DELETE /api/user/filter/{id}',
  'POST /api/user/mfa/update /api/user/mfa/regenerate',
  'DELETE /api/user/mfa',
  'GET /api/user/mfa/get',
  'POST /api/user/change-password /api/user/grant-access /api/user/revoke-access',
  'GET /api/user/hub-users /api/user/dropdown /api/user/partner /api/user/client',
  'GET /api/user/sso',
  'PUT /api/user/sso/{flag}',
  under('/api/user', 'POST', 'bulk-delete bulk-new-password enable-two-factor disable-two-factor'),
  'POST /api/user',
  'PUT GET /api/user/{id}',
  'POST /api/user/activity-logs',
  'GET /api/user/activity-logs/actions/dropdown',
  'GET /api/user-types',
  'POST /api/user-types/suggest /api/user-types/migrate',
);
