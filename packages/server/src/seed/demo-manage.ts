import type { Database } from '../db/client.ts';
import type { RollupWriter } from '../rollup/rollup.ts';
import type { Actor } from '../changes/activity.ts';
import { CompanyService } from '../modules/companies/service.ts';
import { TemplateService } from '../modules/templates/service.ts';

/**
 * The demo's Manage set-up, made the way an MSP admin would make it (through the same services
 * the API calls, so the activity log shows the work): company rules that claim new backups by
 * their plus-address tag, and a template for the Microsoft 365 backups that activates new ones
 * by itself. Runs once, after the demo history is loaded and activated.
 */
export async function setUpDemoManage(database: Database, rollup: RollupWriter, tenantId: number): Promise<void> {
  const admin = await database.query<{ id: number }>(
    'SELECT id FROM users WHERE tenant_id = $1 AND level = 3 ORDER BY id LIMIT 1',
    [tenantId],
  );
  if (!admin.rows.length) return;
  const actor: Actor = { tenantId, userId: admin.rows[0].id };

  const companies = new CompanyService(database);
  const coded = await database.query<{ id: number; code: string }>(
    'SELECT id, code FROM companies WHERE tenant_id = $1 AND code IS NOT NULL ORDER BY name LIMIT 4',
    [tenantId],
  );
  for (const c of coded.rows) {
    await companies.setRules(actor, { tenantId, visible: null }, c.id, {
      Groups: [{ Conditions: [{ Field: 'ClientId', Operator: 'Equals', Value: c.code }] }],
    });
  }

  const templates = new TemplateService({ database, rollup, jobs: null });
  const m365 = await templates.create(actor, 'Microsoft 365 — daily');
  await templates.updateRules(actor, m365.Id, {
    Groups: [{ Conditions: [{ Field: 'Vendor', Operator: 'Equals', Value: 'veeam-m365' }] }],
  });
  await templates.update(actor, {
    Id: m365.Id,
    Name: m365.Name,
    Settings: {
      Schedule: { kind: 'weekly', weekdays: 127 },
      StatusCalculation: 'WarningIfMixed',
      DayStartHour: 0,
      Tags: ['cloud', 'daily'],
    },
    Companies: [],
  });
  await templates.apply(actor, { Ids: [m365.Id], Preview: false, IncludeConflicts: false }, null);
  await templates.toggle(actor, m365.Id, true);

  // The demo client user belongs to two client companies, so their home shows those companies' backups.
  await database.query(
    `INSERT INTO user_companies (user_id, company_id, tenant_id)
     SELECT u.id, c.id, $1 FROM users u
       CROSS JOIN (SELECT id FROM companies WHERE tenant_id = $1 AND code IS NOT NULL ORDER BY name LIMIT 2) c
      WHERE u.tenant_id = $1 AND lower(u.email) = 'client@demo.local'
     ON CONFLICT DO NOTHING`,
    [tenantId],
  );
}
