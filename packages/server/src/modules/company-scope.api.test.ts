import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPermissions, hasPrivilege, privilegeForLevel, type UserLevel } from '@vigil/contract';
import { permissionsFor } from '../platform/auth/guard.ts';
import { testApp, type Reply, type TestApp } from '../../test/harness.ts';
import type { PersonaName } from '../../test/personas.ts';
import { activate, addCompany, at, backupIds, clock, homeTenantId, sendCsv, setTimeZone } from './audit/test-data.ts';
import { PROBES, type Call, type Objects } from './company-scope.probes.ts';
import { ROUTE_CLASSES, type RouteClass } from './company-scope.routes.ts';

/**
 * Company visibility: a client user, or a staff member restricted to company A, must not read,
 * change or list anything of company B in the same tenant. Every API route is classified in
 * company-scope.routes.ts; each company-scoped one is called here as both users against B's
 * objects (404, B unchanged) or as a list (B's rows left out), and each tenant-admin route must
 * refuse both users.
 */
const B_MARK = /beta.secret/i;
const NOT_FOUND = 'Not found';
const NO_PERMISSION = "You don't have a permission.";
const restricted: PersonaName[] = ['standard', 'client'];

let t: TestApp;
let homeId: number;
let o: Objects;
let emailA: number;
let resultA: number;
const levels = new Map<PersonaName, { level: number; permissions: string[] | null }>();

async function one<T>(sql: string, params: unknown[]): Promise<T> {
  return (await t.database.query<T & object>(sql, params)).rows[0];
}

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  await setTimeZone(t, homeId, 'UTC');
  const day = clock().yesterday;
  emailA = await sendCsv(t, homeId, [{ device: 'alpha-dev', status: 'Failed', at: at(day, 10), client: 'alpha' }]);
  const emailB = await sendCsv(t, homeId, [
    { device: 'beta-secret-dev', status: 'Failed', at: at(day, 10), client: 'beta-secret' },
  ]);
  const ids = await backupIds(t, homeId);
  const [backupA, backup] = [ids['alpha-dev'], ids['beta-secret-dev']];
  await activate(t, homeId, [backupA, backup]);
  const companyA = await addCompany(t, homeId, 'Alpha Co', [backupA]);
  const company = await addCompany(t, homeId, 'Beta Secret Co', [backup]);
  // The standard user is restricted to company A; the client user sees company A.
  for (const [persona, email] of [
    ['standard', 'standard@acme.test'],
    ['client', 'client@acme.test'],
  ] as const) {
    const u = await one<{ id: number; level: number; permissions: string[] | null }>(
      `UPDATE users u SET is_company_restricted = (u.email = 'standard@acme.test') FROM groups g
        WHERE g.id = u.group_id AND u.email = $1 RETURNING u.id, u.level, g.permissions`,
      [email],
    );
    levels.set(persona, u);
    await t.database.query('INSERT INTO user_companies (user_id, company_id, tenant_id) VALUES ($1, $2, $3)', [
      u.id,
      companyA,
      homeId,
    ]);
  }
  const admin = await t.as('admin');
  await admin('PUT', '/api/audit-result/verify', { PolicyIds: [backup], Date: day, Notes: 'checked' });
  await admin('PUT', `/api/backups/${backup}`, { Notes: 'Beta Secret notes' });
  const mapping = await admin('PUT', '/api/client/map', { Kind: 'Vendor', ClientId: 'cid-b-007', CompanyId: company });
  const template = await admin('POST', '/api/template/create', 'Beta template');
  await t.database.query('INSERT INTO template_activations (tenant_id, template_id, backup_id) VALUES ($1, $2, $3)', [
    homeId,
    template.body.Id,
    backup,
  ]);
  // Backup plans are behind a feature flag: switch it on so their routes answer.
  const root = await t.as('root');
  const flags = (await root('GET', '/api/admin/feature-flag')).body as { Id: number; Key: string }[];
  const plans = flags.find((f) => f.Key === 'brBackupPlans')!;
  await root('PUT', `/api/admin/feature-flag/${plans.Id}/2`, { TenantIds: [homeId] });
  const ticket = await one<{ id: number }>(
    `INSERT INTO tickets (tenant_id, kind, group_by, group_key, group_label, subject, status, state, manual)
     VALUES ($1, 2, 0, 'manual:beta', 'Beta Secret Co', 'Beta Secret backup failed', 3, 'Open', true) RETURNING id`,
    [homeId],
  );
  await t.database.query('INSERT INTO ticket_backups (ticket_id, backup_id, tenant_id) VALUES ($1, $2, $3)', [
    ticket.id,
    backup,
    homeId,
  ]);
  const run = 'admin-run-00000001';
  const started = await admin('POST', `/api/reports/report/DailyResults/${run}`, { filters: {} });
  expect([mapping.status, template.status, started.status]).toEqual([200, 200, 200]);
  const result = await one<{ id: string }>('SELECT id FROM results WHERE backup_id = $1', [backup]);
  resultA = Number((await one<{ id: string }>('SELECT id FROM results WHERE backup_id = $1', [backupA])).id);
  o = {
    backup,
    backupA,
    result: Number(result.id),
    email: emailB,
    ticket: ticket.id,
    company,
    companyA,
    mapping: mapping.body.Id,
    template: template.body.Id,
    day,
    run,
  };
});
afterAll(async () => t?.close());

/** Company B's objects as stored: "changed nothing" means this stays equal. */
async function snapshotOfB(): Promise<string> {
  const r = await one<{ s: string }>(
    `SELECT json_build_array(
       (SELECT json_agg(x ORDER BY x.id) FROM backups x WHERE x.id = $1),
       (SELECT json_agg(x ORDER BY x.id) FROM results x WHERE x.backup_id = $1),
       (SELECT json_agg(x ORDER BY x.id) FROM audit_actions x WHERE x.backup_id = $1),
       (SELECT json_agg(x ORDER BY x.id) FROM companies x WHERE x.id = $2),
       (SELECT json_agg(x ORDER BY x.id) FROM emails x WHERE x.id = $3),
       (SELECT json_agg(x ORDER BY x.id) FROM tickets x WHERE x.id = $4),
       (SELECT json_agg(x ORDER BY x.backup_id) FROM ticket_backups x WHERE x.ticket_id = $4),
       (SELECT json_agg(x ORDER BY x.id) FROM client_mappings x WHERE x.id = $5),
       (SELECT json_agg(x ORDER BY x.id) FROM report_runs x WHERE x.id = $6),
       (SELECT json_agg(x ORDER BY x.id) FROM template_activations x WHERE x.backup_id = $1))::text AS s`,
    [o.backup, o.company, o.email, o.ticket, o.mapping, o.run],
  );
  return r.s;
}

/** Whether the route's access rule lets the persona in at all (else 403 is the right answer). */
function mayCall(persona: PersonaName, route: string): boolean {
  const info = t.routes.find((r) => `${r.method} ${r.url}` === route);
  const access = info?.access;
  const u = levels.get(persona)!;
  if (access?.privilege !== undefined && !hasPrivilege(privilegeForLevel(u.level as UserLevel), access.privilege))
    return false;
  if (!access?.permissions?.length) return true;
  return checkPermissions(permissionsFor(u.level, u.permissions), access.permissions, access.operator ?? 'and');
}

async function send(persona: PersonaName, c: Call): Promise<Reply> {
  const token = await t.token(persona);
  if (typeof c.body === 'string') return t.call(c.method, c.url, { token, rawBody: JSON.stringify(c.body) });
  return t.call(c.method, c.url, { token, body: c.body });
}

const text = (r: Reply) => (typeof r.body === 'string' ? r.body : JSON.stringify(r.body));
const routesOf = (kind: RouteClass) => Object.keys(ROUTE_CLASSES).filter((r) => ROUTE_CLASSES[r] === kind);
const sample = (url: string) => url.replace(/:(\w+)/g, '1');

describe('route classification', () => {
  it('classifies every API route, and every classified route exists', () => {
    const actual = t.routes.map((r) => `${r.method} ${r.url}`).sort();
    expect(actual).toEqual(Object.keys(ROUTE_CLASSES).sort());
    const counts = Object.fromEntries(
      (['public', 'self', 'platform', 'tenant-admin', 'tenant-wide', 'company-scoped'] as const).map((k) => [
        k,
        routesOf(k).length,
      ]),
    );
    console.log(`company visibility: ${actual.length} routes classified`, counts);
  });

  it('public routes are exactly the ones marked public on the server', () => {
    const marked = t.routes.filter((r) => r.access?.public).map((r) => `${r.method} ${r.url}`);
    expect(marked.sort()).toEqual(routesOf('public').sort());
  });

  it('probes every company-scoped route, and only those', () => {
    expect(Object.keys(PROBES).sort()).toEqual(routesOf('company-scoped').sort());
  });

  it('tenant-admin routes refuse standard and client users with 403', async () => {
    for (const route of routesOf('tenant-admin')) {
      const [method, url] = route.split(' ');
      for (const p of restricted) {
        const r = await send(p, { method, url: sample(url), body: method === 'GET' ? undefined : {} });
        expect(r.status, `${p} ${route}`).toBe(403);
        expect(r.body.Message).toBe(NO_PERMISSION);
      }
    }
  });

  it('platform routes refuse every tenant user with 403', async () => {
    for (const route of routesOf('platform')) {
      const [method, url] = route.split(' ');
      for (const p of ['admin', ...restricted] as PersonaName[]) {
        const r = await send(p, { method, url: sample(url), body: method === 'GET' ? undefined : { Key: 'x1' } });
        expect(r.status, `${p} ${route}`).toBe(403);
      }
    }
  });
});

describe('company-scoped routes, called by a restricted standard user and a client user on company B', () => {
  it.each(Object.keys(PROBES).sort())('%s', async (route) => {
    const probe = PROBES[route];
    const call = probe.call(o);
    const before = await snapshotOfB();
    for (const p of restricted) {
      const r = await send(p, call);
      const where = `${p} ${call.method} ${call.url}`;
      if (!mayCall(p, route)) {
        expect(r.status, where).toBe(403);
        continue;
      }
      if (probe.kind === 'id') {
        expect(r.status, `${where}: ${text(r).slice(0, 200)}`).toBe(404);
        expect(r.body.Message).toBe(NOT_FOUND);
      } else {
        expect(r.status, `${where}: ${text(r).slice(0, 200)}`).toBeLessThan(probe.kind === 'list' ? 400 : 500);
        if (probe.kind === 'list') expect(text(r), where).not.toMatch(B_MARK);
      }
      expect(await snapshotOfB(), `${where} changed company B`).toBe(before);
    }
    if (probe.kind === 'list' && probe.control) {
      // The probe reaches B's data: an unrestricted administrator is shown it.
      expect(text(await send('admin', call)), `admin ${route}`).toMatch(B_MARK);
    }
  });
});

describe('reported cases, as the client sees them', () => {
  it('a client reads neither another company’s result nor its e-mail, and still reads its own', async () => {
    const client = await t.as('client');
    for (const url of [
      `/api/audit-result/${o.result}`,
      `/api/policy/audit/results?policyId=${o.backup}&date=${o.day}`,
    ]) {
      const r = await client('GET', url);
      expect(r.status, url).toBe(404);
      expect(r.body).toMatchObject({ Message: NOT_FOUND, statusCode: 404 });
      expect(text(r)).not.toMatch(B_MARK);
    }
    const own = await client('GET', `/api/audit-result/${resultA}`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ CompanyName: 'Alpha Co', DeviceName: 'alpha-dev' });
    expect(own.body.EmailText).toContain('Backup status export');
  });

  it('restricted staff cannot add, edit, delete or mark results of another company', async () => {
    const standard = await t.as('standard');
    const before = await snapshotOfB();
    const ids = { PolicyIds: [o.backup], Date: o.day };
    const calls: [string, string, unknown][] = [
      ['POST', '/api/audit-result', { PolicyId: o.backup, Status: 1, ParsedDateTime: new Date().toISOString() }],
      ['PUT', '/api/audit-result/edit', { ResultID: o.result, Status: 1, ParsedDateTime: new Date().toISOString() }],
      ['POST', '/api/audit-result/delete', { ResultIds: [o.result] }],
      ...['verify', 'remediate', 'restore', 'delete-verify', 'delete-remediate', 'delete-restore'].map(
        (k) => ['PUT', `/api/audit-result/${k}`, ids] as [string, string, unknown],
      ),
    ];
    for (const [method, url, body] of calls) {
      const r = await standard(method, url, body);
      expect(r.status, `${method} ${url}`).toBe(404);
      expect(r.body.Message).toBe(NOT_FOUND);
    }
    expect(await snapshotOfB()).toBe(before);
    // Their own company's backup takes the same calls.
    const own = await standard('PUT', '/api/audit-result/verify', { PolicyIds: [o.backupA], Date: o.day });
    expect(own.status).toBe(200);
    expect(own.body).toHaveLength(1);
  });

  it('restricted staff read none of another company’s day, e-mails, activity or ticket rules', async () => {
    const standard = await t.as('standard');
    for (const url of [
      `/api/daily-activity/status-log/${o.backup}?date=${o.day}`,
      `/api/daily-activity/group-details/${o.backup}?date=${o.day}`,
      `/api/tenant/processed-emails/download?emailId=${o.email}`,
    ]) {
      expect((await standard('GET', url)).status, url).toBe(404);
    }
    const rules = await standard('POST', '/api/ticket/rules/GetWithPolicyData', { PolicyIds: [o.backup] });
    expect(rules.status).toBe(404);
    const emails = await standard('GET', '/api/tenant/processed-emails');
    expect(emails.status).toBe(200);
    expect(emails.body.Results.map((e: { emailId: number }) => e.emailId)).toEqual([emailA]);
    const log = await standard('POST', '/api/user/activity-logs', {});
    expect(log.status).toBe(200);
    expect(text(log)).not.toMatch(B_MARK);
    const adminLog = await (await t.as('admin'))('POST', '/api/user/activity-logs', {});
    expect(text(adminLog)).toMatch(B_MARK);
    expect((await standard('GET', `/api/daily-activity/status-log/${o.backupA}?date=${o.day}`)).status).toBe(200);
  });

  it('client users do not list the tenant’s users; staff still pick them', async () => {
    for (const url of ['/api/common/users-auto-complete', '/api/user/dropdown']) {
      const r = await (await t.as('client'))('GET', url);
      expect(r.status, url).toBe(403);
      expect(r.body).toMatchObject({ Message: NO_PERMISSION, statusCode: 403 });
      expect(text(r)).not.toContain('@acme.test');
      const staff = await (await t.as('standard'))('GET', url);
      expect(staff.status, url).toBe(200);
      expect(text(staff)).toContain('Ada');
    }
  });
});
