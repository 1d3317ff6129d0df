/**
 * The permission catalogue: `controller.action` entries (platform §6, features §6).
 * Each entry says which default group receives it when a tenant is created.
 * Tenant administrators always hold every entry, so an admin cannot lock the tenant out.
 */
export type Audience = 'admin' | 'standard' | 'client';

interface Entry {
  action: string;
  label: string;
  audience: Audience[];
}

const all: Audience[] = ['admin', 'standard', 'client'];
const staff: Audience[] = ['admin', 'standard'];
const admins: Audience[] = ['admin'];

export const PermissionCatalogue: Record<string, Entry[]> = {
  dashboard: [
    { action: 'getDashboards', label: 'View dashboards', audience: all },
    { action: 'editDashboards', label: 'Create and edit dashboards', audience: staff },
  ],
  audit: [
    { action: 'getAudit', label: 'View the audit', audience: all },
    { action: 'editAuditResults', label: 'Verify, remediate, restore and add results', audience: staff },
  ],
  manage: [
    { action: 'getpolicycount', label: 'View backup counts', audience: staff },
    { action: 'getCompanies', label: 'View companies', audience: staff },
    { action: 'editCompanies', label: 'Edit companies and rules', audience: staff },
    { action: 'getTemplates', label: 'View templates', audience: staff },
    { action: 'editTemplates', label: 'Edit templates', audience: staff },
    { action: 'getBackupPlans', label: 'View backup plans', audience: staff },
    { action: 'editBackupPlans', label: 'Edit backup plans', audience: staff },
    { action: 'getinactivebackups', label: 'View inactive backups', audience: staff },
    { action: 'getactivebackups', label: 'View active backups', audience: staff },
    { action: 'getretiredbackups', label: 'View retired backups', audience: staff },
    { action: 'editbackups', label: 'Activate, edit, retire, merge and delete backups', audience: staff },
    { action: 'getschedules', label: 'View schedules', audience: staff },
    { action: 'getuseraudit', label: 'View activity logs', audience: staff },
  ],
  dailyactivity: [{ action: 'getDailyBackups', label: 'View daily activity', audience: staff }],
  ticket: [
    { action: 'getautomaticticketingprofiles', label: 'View ticket profiles', audience: staff },
    { action: 'editautomaticticketingprofiles', label: 'Edit ticket profiles and rules', audience: staff },
    { action: 'getcustomsubjects', label: 'View ticket subjects', audience: staff },
    { action: 'geticketingissues', label: 'View ticketing issues', audience: staff },
  ],
  reporting: [
    { action: 'getondemandreport', label: 'Run on-demand reports', audience: all },
    { action: 'getscheduledreports', label: 'View scheduled reports', audience: staff },
    { action: 'editscheduledreports', label: 'Edit scheduled reports', audience: staff },
  ],
  integration: [
    { action: 'getlinkedcrmsourcewithdefaults', label: 'View PSA integrations', audience: staff },
    { action: 'getbackupintegrations', label: 'View backup integrations', audience: staff },
    { action: 'editintegrations', label: 'Edit integrations', audience: admins },
    { action: 'gettenantmailboxes', label: 'View mailboxes', audience: staff },
  ],
  insight: [
    { action: 'getInsights', label: 'View insights', audience: staff },
    { action: 'getInsightDetails', label: 'Open insight lists and apply suggestions', audience: staff },
  ],
  settings: [
    { action: 'getapikeys', label: 'Manage API keys', audience: admins },
    { action: 'getBrandingInfo', label: 'Manage branding', audience: admins },
    { action: 'gettenantconfig', label: 'Manage tenant settings', audience: admins },
    { action: 'getTags', label: 'Manage tags', audience: staff },
    { action: 'getEmailSettings', label: 'Manage SMTP settings', audience: admins },
    { action: 'getPlans', label: 'View plans and billing', audience: admins },
    { action: 'getallinvoices', label: 'View invoices', audience: admins },
    { action: 'getusers', label: 'View users and groups', audience: admins },
    { action: 'editusers', label: 'Edit users and groups', audience: admins },
  ],
  support: [{ action: 'createsupportticket', label: 'Open support tickets', audience: all }],
  featurerequest: [{ action: 'getfeaturerequest', label: 'Send product ideas', audience: staff }],
};

/** The canonical key: controller lowercased (platform §3), action as catalogued. */
export function permissionKey(controller: string, action: string): string {
  return `${controller.toLowerCase()}.${action}`;
}

export const AllPermissions: string[] = Object.entries(PermissionCatalogue).flatMap(([c, entries]) =>
  entries.map((e) => permissionKey(c, e.action)),
);

export function defaultPermissionsFor(audience: Audience): string[] {
  return Object.entries(PermissionCatalogue).flatMap(([c, entries]) =>
    entries.filter((e) => e.audience.includes(audience)).map((e) => permissionKey(c, e.action)),
  );
}

export function isKnownPermission(key: string): boolean {
  const wanted = key.toLowerCase();
  return AllPermissions.some((p) => p.toLowerCase() === wanted);
}

export type PermissionMap = Record<string, boolean>;
export type Operator = 'and' | 'or';

/**
 * Checks a requirement against a user's permission map (platform §6):
 * 'and' needs all entries, 'or' at least one; an empty requirement passes;
 * when permissions are not loaded (undefined) access is allowed.
 * Matching ignores case, since the spec writes actions in mixed case.
 */
export function checkPermissions(
  granted: PermissionMap | undefined,
  required: readonly string[] | undefined,
  operator: Operator = 'and',
): boolean {
  if (!required || required.length === 0) return true;
  if (!granted) return true;
  const have = new Set(
    Object.entries(granted)
      .filter(([, on]) => on)
      .map(([k]) => k.toLowerCase()),
  );
  const test = (p: string) => have.has(p.toLowerCase());
  return operator === 'or' ? required.some(test) : required.every(test);
}
