// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { Privilege } from '@vigil/contract';
import type { AccessContext } from '../lib/access';
import { canAccess } from '../lib/access';
import { defaultPath, filterMenu, findActiveTrail, mainMenu, routeAccess, userMenu, type MenuItem } from './menu';

const tenantAdmin: AccessContext = { privileges: Privilege.tenantAdmin, permissions: {}, flags: {} };
const platformAdmin: AccessContext = { privileges: Privilege.superAdmin, permissions: {}, flags: {} };

const sample: MenuItem[] = [
  { id: 'dash', title: 'Dashboard', path: '/app/dashboard', permissions: ['dashboard.getDashboards'] },
  {
    id: 'manage',
    title: 'Manage',
    children: [
      {
        id: 'companies',
        title: 'Companies',
        path: '/app/manage/companies',
        permissions: ['manage.getCompanies', 'manage.editCompanies'],
        operator: 'or',
      },
      {
        id: 'plans',
        title: 'Backup Plans',
        path: '/app/manage/backup-plans',
        permissions: ['manage.getBackupPlans'],
        flag: 'brBackupPlans',
      },
    ],
  },
  { id: 'daily', title: 'Daily Activity', path: '/app/daily-activity', privilege: Privilege.tenantAdminOrStandard },
  { id: 'ideas', title: 'Product Ideas', href: 'https://example.com/ideas' },
  { id: 'empty', title: 'Nothing', children: [] },
];

describe('menu filtering', () => {
  it('shows Home to tenant users and the Admin Portal to platform admins', () => {
    expect(filterMenu(mainMenu, tenantAdmin).map((i) => i.title)).toEqual(['Home']);
    const admin = filterMenu(mainMenu, platformAdmin);
    expect(admin.map((i) => i.title)).toEqual(['Alert Scope', 'Admin Portal']);
    expect(admin[1].children?.map((c) => c.path)).toEqual([
      '/admin/tenants',
      '/admin/coupons',
      '/admin/resellers',
      '/admin/billing',
      '/admin/parsing',
      '/admin/future-flags',
      '/admin/user-login-activities',
      '/admin/outbox',
      '/admin/messages',
      '/admin/insights',
      '/admin/dashboard-layouts',
      '/admin/administrators',
      '/admin/statistics',
      '/admin/functions',
      '/admin/error-logs',
    ]);
    expect(defaultPath(filterMenu(mainMenu, tenantAdmin))).toBe('/app/navigate');
    expect(defaultPath(filterMenu(mainMenu, platformAdmin))).toBe('/admin/tenants');
  });

  it('shows Insights after Integration only with the insights permission and the brInsights flag', () => {
    const permissions = { 'insight.getinsights': true, 'integration.gettenantmailboxes': true };
    const staff: AccessContext = { privileges: Privilege.tenantStandard, permissions, flags: { brInsights: true } };
    expect(filterMenu(mainMenu, staff).map((i) => i.title)).toEqual(['Home', 'Integration', 'Insights']);
    expect(findActiveTrail(filterMenu(mainMenu, staff), '/app/insights/BackupType').map((i) => i.id)).toEqual([
      'insights',
    ]);
    expect(filterMenu(mainMenu, { ...staff, flags: {} }).map((i) => i.title)).not.toContain('Insights');
    expect(filterMenu(mainMenu, { ...staff, permissions: {} }).map((i) => i.title)).not.toContain('Insights');
    expect(canAccess(routeAccess('insights'), { ...staff, flags: {} })).toBe(false);
  });

  it('shows Integration → PSA Integration to tenant users who may view PSA integrations, before Mailboxes', () => {
    const staff: AccessContext = {
      privileges: Privilege.tenantAdmin,
      permissions: { 'integration.getlinkedcrmsourcewithdefaults': true, 'integration.gettenantmailboxes': true },
      flags: {},
    };
    const integration = filterMenu(mainMenu, staff).find((i) => i.id === 'integration');
    expect(integration?.children?.map((c) => [c.title, c.path])).toEqual([
      ['PSA Integration', '/app/integration/psa'],
      ['Mailboxes', '/app/integration/mailboxes'],
      ['Parsers', '/app/integration/parsers'],
    ]);
    expect(findActiveTrail(filterMenu(mainMenu, staff), '/app/integration/psa').map((i) => i.id)).toEqual([
      'integration',
      'integration-psa',
    ]);
    expect(canAccess(routeAccess('integration-psa'), { ...staff, permissions: {} })).toBe(false);
  });

  it('shows Integration → Backup Integrations after PSA Integration, only with integration.getbackupintegrations', () => {
    const staff: AccessContext = {
      privileges: Privilege.tenantStandard,
      permissions: {
        'integration.getlinkedcrmsourcewithdefaults': true,
        'integration.getbackupintegrations': true,
        'integration.gettenantmailboxes': true,
      },
      flags: {},
    };
    const integration = filterMenu(mainMenu, staff).find((i) => i.id === 'integration');
    // "Other" holds IT Glue, read with the same permission as the backup integrations.
    expect(integration?.children?.map((c) => [c.title, c.path])).toEqual([
      ['PSA Integration', '/app/integration/psa'],
      ['Backup Integrations', '/app/integration/backup'],
      ['Other', '/app/integration/other'],
      ['Mailboxes', '/app/integration/mailboxes'],
      ['Parsers', '/app/integration/parsers'],
    ]);
    expect(findActiveTrail(filterMenu(mainMenu, staff), '/app/integration/backup/datto').map((i) => i.id)).toEqual([
      'integration',
      'integration-backup',
    ]);
    expect(routeAccess('integration-backup')).toMatchObject({ permissions: ['integration.getbackupintegrations'] });
    const without = { ...staff, permissions: { 'integration.gettenantmailboxes': true } };
    expect(canAccess(routeAccess('integration-backup'), without)).toBe(false);
  });

  it('shows Integration → Mailboxes only to tenant users who may view mailboxes', () => {
    const staff: AccessContext = {
      privileges: Privilege.tenantStandard,
      permissions: { 'integration.gettenantmailboxes': true },
      flags: {},
    };
    const menu = filterMenu(mainMenu, staff);
    expect(menu.map((i) => i.title)).toEqual(['Home', 'Integration']);
    // Only what the permissions allow: no PSA or Backup Integrations; staff teach parsers.
    expect(menu[1].children?.map((c) => [c.title, c.path])).toEqual([
      ['Mailboxes', '/app/integration/mailboxes'],
      ['Parsers', '/app/integration/parsers'],
    ]);
    expect(findActiveTrail(menu, '/app/integration/mailboxes').map((i) => i.id)).toEqual([
      'integration',
      'integration-mailboxes',
    ]);
    // A client user lacks the permission; a platform admin is not a tenant user.
    const client: AccessContext = { privileges: Privilege.tenantClient, permissions: {}, flags: {} };
    expect(filterMenu(mainMenu, client).map((i) => i.title)).toEqual(['Home']);
    const root: AccessContext = {
      privileges: Privilege.superAdmin,
      permissions: { 'integration.gettenantmailboxes': true },
      flags: {},
    };
    expect(filterMenu(mainMenu, root).map((i) => i.title)).toEqual(['Alert Scope', 'Admin Portal']);
    expect(routeAccess('integration-mailboxes')).toMatchObject({ permissions: ['integration.gettenantmailboxes'] });
    expect(routeAccess('integration')).toMatchObject({ privilege: Privilege.tenantUsers });
  });

  it('filters by permission with and/or, flag and privilege', () => {
    const client: AccessContext = {
      privileges: Privilege.tenantClient,
      permissions: { 'dashboard.getDashboards': true, 'manage.editCompanies': true },
      flags: {},
    };
    const visible = filterMenu(sample, client);
    expect(visible.map((i) => i.id)).toEqual(['dash', 'manage', 'ideas']);
    expect(visible[1].children?.map((c) => c.id)).toEqual(['companies']);

    const standard: AccessContext = {
      privileges: Privilege.tenantStandard,
      permissions: { 'manage.getBackupPlans': true },
      flags: { brBackupPlans: true },
    };
    expect(filterMenu(sample, standard).map((i) => i.id)).toEqual(['manage', 'daily', 'ideas']);
    expect(defaultPath(filterMenu(sample, standard))).toBe('/app/manage/backup-plans');
  });

  it('lets everything through while permissions are not loaded, and checks permissions case-insensitively', () => {
    expect(canAccess({ permissions: ['audit.getAudit'] }, { privileges: 0, flags: {} })).toBe(true);
    expect(
      canAccess(
        { permissions: ['manage.getCompanies'] },
        { privileges: 0, flags: {}, permissions: { 'manage.getcompanies': true } },
      ),
    ).toBe(true);
    expect(canAccess({ when: (c) => c.flags.x === true }, { privileges: 0, flags: { x: false } })).toBe(false);
  });

  it('falls back to the profile when nothing is permitted, and finds the active entry', () => {
    expect(defaultPath([])).toBe('/app/profile');
    expect(defaultPath([{ id: 'x', title: 'X', href: 'https://x' }])).toBe('/app/profile');
    expect(findActiveTrail(mainMenu, '/admin/outbox').map((i) => i.id)).toEqual(['admin', 'admin-outbox']);
    expect(findActiveTrail(mainMenu, '/app/profile')).toEqual([]);
    expect(routeAccess('admin')).toMatchObject({ privilege: Privilege.allAdmins });
    expect(routeAccess('nope')).toBeUndefined();
  });

  it('shows Settings → API Keys first, and only with settings.getapikeys', () => {
    const settingsOf = (permissions: Record<string, boolean>) =>
      filterMenu(mainMenu, { privileges: Privilege.tenantAdmin, permissions, flags: {} })
        .find((i) => i.id === 'settings')
        ?.children?.map((c) => c.title);
    expect(settingsOf({ 'settings.getapikeys': true, 'settings.gettags': true })?.[0]).toBe('API Keys');
    expect(settingsOf({ 'settings.gettags': true })).not.toContain('API Keys');
    expect(routeAccess('settings-api')).toMatchObject({ permissions: ['settings.getapikeys'] });
    expect(findActiveTrail(mainMenu, '/app/settings/api').map((i) => i.id)).toEqual(['settings', 'settings-api']);
  });

  it('shows Settings → Branding and Tenant after API Keys, each with its own permission', () => {
    const settingsOf = (permissions: Record<string, boolean>) =>
      filterMenu(mainMenu, { privileges: Privilege.tenantAdmin, permissions, flags: {} })
        .find((i) => i.id === 'settings')
        ?.children?.map((c) => c.title);
    const all = { 'settings.getapikeys': true, 'settings.getbrandinginfo': true, 'settings.gettenantconfig': true };
    expect(settingsOf(all)?.slice(0, 3)).toEqual(['API Keys', 'Branding', 'Tenant']);
    expect(settingsOf({ 'settings.gettenantconfig': true })).not.toContain('Branding');
    expect(settingsOf({ 'settings.getbrandinginfo': true })).not.toContain('Tenant');
    expect(routeAccess('settings-branding')).toMatchObject({ permissions: ['settings.getBrandingInfo'] });
    expect(findActiveTrail(mainMenu, '/app/settings/tenant').map((i) => i.id)).toEqual(['settings', 'settings-tenant']);
  });

  it('shows Settings → Billing and Invoices after SMTP, and in the user menu, each with its own permission', () => {
    const ctx = (permissions: Record<string, boolean>) => ({
      privileges: Privilege.tenantAdmin,
      permissions,
      flags: {},
    });
    const settingsOf = (permissions: Record<string, boolean>) =>
      filterMenu(mainMenu, ctx(permissions))
        .find((i) => i.id === 'settings')
        ?.children?.map((c) => c.title);
    const both = { 'settings.getemailsettings': true, 'settings.getplans': true, 'settings.getallinvoices': true };
    const titles = settingsOf(both) ?? [];
    expect(titles.slice(titles.indexOf('SMTP'), titles.indexOf('SMTP') + 3)).toEqual(['SMTP', 'Billing', 'Invoices']);
    expect(settingsOf({ 'settings.getallinvoices': true })).toEqual(['Invoices']);
    expect(routeAccess('settings-billing')).toMatchObject({ permissions: ['settings.getPlans'] });
    expect(findActiveTrail(mainMenu, '/app/settings/invoices').map((i) => i.id)).toEqual([
      'settings',
      'settings-invoices',
    ]);
    const userEntries = (privileges: number, permissions: Record<string, boolean>) =>
      userMenu.filter((i) => canAccess(i.access, { privileges, permissions, flags: {} })).map((i) => i.title);
    expect(userEntries(Privilege.tenantAdmin, both)).toEqual(['Profile', 'Billing', 'Invoices', 'Log out']);
    expect(userEntries(Privilege.tenantStandard, {})).toEqual(['Profile', 'Log out']);
    expect(userEntries(Privilege.superAdmin, both)).toEqual(['Profile', 'Log out']);
  });

  it('shows Settings → User Management last, only with settings.getusers', () => {
    const settingsOf = (permissions: Record<string, boolean>) =>
      filterMenu(mainMenu, { privileges: Privilege.tenantAdmin, permissions, flags: {} })
        .find((i) => i.id === 'settings')
        ?.children?.map((c) => c.title);
    const titles = settingsOf({ 'settings.getusers': true, 'settings.gettags': true, 'settings.getallinvoices': true });
    expect(titles?.at(-1)).toBe('User Management');
    expect(settingsOf({ 'settings.gettags': true })).not.toContain('User Management');
    expect(routeAccess('settings-users')).toMatchObject({ permissions: ['settings.getusers'] });
    expect(findActiveTrail(mainMenu, '/app/settings/user-management/group').map((i) => i.id)).toEqual([
      'settings',
      'settings-users',
    ]);
  });

  it('shows Settings → System status to tenant administrators only, before User Management', () => {
    const settingsOf = (privileges: number, permissions: Record<string, boolean>) =>
      filterMenu(mainMenu, { privileges, permissions, flags: {} })
        .find((i) => i.id === 'settings')
        ?.children?.map((c) => c.title) ?? [];
    const admin = settingsOf(Privilege.tenantAdmin, { 'settings.gettenantconfig': true, 'settings.getusers': true });
    expect(admin.slice(-2)).toEqual(['System status', 'User Management']);
    expect(settingsOf(Privilege.tenantStandard, { 'settings.gettenantconfig': true })).not.toContain('System status');
    expect(settingsOf(Privilege.tenantAdmin, { 'settings.gettags': true })).not.toContain('System status');
    expect(findActiveTrail(mainMenu, '/app/settings/status').map((i) => i.id)).toEqual(['settings', 'settings-status']);
  });

  it('shows Support after Settings to tenant users with support.createsupportticket only', () => {
    const titles = (privileges: number, permissions: Record<string, boolean>) =>
      filterMenu(mainMenu, { privileges, permissions, flags: {} }).map((i) => i.title);
    const withSupport = titles(Privilege.tenantClient, {
      'support.createsupportticket': true,
      'settings.gettags': true,
    });
    expect(withSupport.slice(-2)).toEqual(['Settings', 'Support']);
    expect(titles(Privilege.tenantClient, {})).not.toContain('Support');
    expect(titles(Privilege.superAdmin, { 'support.createsupportticket': true })).not.toContain('Support');
    expect(routeAccess('support')).toMatchObject({ permissions: ['support.createsupportticket'] });
  });
});

describe('Alert Scope (platform §2)', () => {
  const entry = (ctx: AccessContext) => filterMenu(mainMenu, ctx).filter((i) => i.title === 'Alert Scope');

  it('leads tenant admins and standard users with brAlertRadar to their alert e-mails, after Support', () => {
    const staff: AccessContext = {
      privileges: Privilege.tenantStandard,
      permissions: { 'support.createsupportticket': true },
      flags: { brAlertRadar: true },
    };
    expect(filterMenu(mainMenu, staff).map((i) => i.title)).toEqual(['Home', 'Support', 'Alert Scope']);
    expect(entry(staff).map((i) => i.path)).toEqual(['/app/alerts-alpha']);
    expect(entry({ ...tenantAdmin, flags: { brAlertRadar: true } }).map((i) => i.path)).toEqual(['/app/alerts-alpha']);
    expect(findActiveTrail(filterMenu(mainMenu, staff), '/app/alerts-alpha/12').map((i) => i.id)).toEqual([
      'alerts-alpha',
    ]);
  });

  it('hides it without the flag and from client users', () => {
    expect(entry(tenantAdmin)).toEqual([]);
    expect(entry({ privileges: Privilege.tenantClient, permissions: {}, flags: { brAlertRadar: true } })).toEqual([]);
    expect(canAccess(routeAccess('alerts-alpha'), { ...tenantAdmin, flags: {} })).toBe(false);
  });

  it('leads platform admins to the alert-scope segment, before the Admin Portal, without changing where they land', () => {
    const admin = { ...platformAdmin, flags: { brAlertRadar: true } };
    expect(entry(admin).map((i) => i.path)).toEqual(['/alert-scope']);
    expect(defaultPath(filterMenu(mainMenu, admin))).toBe('/admin/tenants');
    expect(canAccess(routeAccess('alert-scope'), tenantAdmin)).toBe(false);
    expect(canAccess(routeAccess('alert-scope'), platformAdmin)).toBe(true);
  });
});

describe('the Audit entry and backup plans (platform §2)', () => {
  const audit = { 'audit.getaudit': true };
  const titles = (ctx: AccessContext) => filterMenu(mainMenu, ctx).map((i) => i.title);

  it('hides Audit when the backup-plans flag is on and the setting is off', () => {
    const ctx: AccessContext = { ...tenantAdmin, permissions: audit, flags: { brBackupPlans: true } };
    expect(titles({ ...ctx, backupPlansOn: false })).not.toContain('Audit');
    expect(titles({ ...ctx, backupPlansOn: true })).toContain('Audit');
    expect(titles({ ...ctx, flags: {}, backupPlansOn: false })).toContain('Audit');
  });
});
