import type { Database } from '../../db/client.ts';
import type { RollupWriter } from '../../rollup/rollup.ts';
import { matchesRules, readRules, type RuleSubject } from '../../matching/rules.ts';
import { writeBackupSettings } from '../../changes/settings.ts';
import { recordActivations } from './activations.ts';
import { readCompanyIds, readSettings } from './rows.ts';

/**
 * Auto-activation (templates with isActive): a backup the intake has just discovered is
 * activated by the first active template (oldest first) whose rules and companies match it,
 * with that template's settings, linked to it and recorded in template_activations. Runs after
 * the filing transaction committed, in a transaction of its own per tenant; then the activated
 * backups' history is rolled up. Answers the ids it activated.
 */
export async function autoActivateNewBackups(
  database: Database,
  rollup: RollupWriter | null,
  backupIds: number[],
): Promise<number[]> {
  if (!backupIds.length) return [];
  const backups = await database.query<{
    id: number;
    tenant_id: number;
    company_id: number | null;
    backup_type: string;
    sender_address: string | null;
    job_name: string;
    device_name: string;
    method: string;
    vendor: string;
    vendor_client_id: string | null;
    client_tag: string | null;
  }>(
    `SELECT b.id, b.tenant_id, b.company_id, b.backup_type, b.sender_address, b.job_name, b.device_name, b.method,
            b.vendor, b.vendor_client_id, b.client_tag
       FROM backups b
      WHERE b.id = ANY($1::int[]) AND b.state = 'Inactive' AND b.template_id IS NULL
        AND EXISTS (SELECT 1 FROM templates t WHERE t.tenant_id = b.tenant_id AND t.is_active)`,
    [[...new Set(backupIds)]],
  );
  if (!backups.rows.length) return [];
  const tenants = [...new Set(backups.rows.map((b) => b.tenant_id))];
  const templates = await database.query<{
    id: number;
    tenant_id: number;
    settings: unknown;
    rules: unknown;
    company_ids: unknown;
  }>(
    `SELECT id, tenant_id, settings, rules, company_ids FROM templates
      WHERE tenant_id = ANY($1::int[]) AND is_active ORDER BY id`,
    [tenants],
  );
  const activated: number[] = [];
  for (const tenantId of tenants) {
    const mine = templates.rows
      .filter((t) => t.tenant_id === tenantId)
      .map((t) => ({
        id: t.id,
        settings: readSettings(t.settings),
        rules: readRules(t.rules),
        companies: readCompanyIds(t.company_ids),
      }));
    const plan = new Map<number, number[]>();
    for (const b of backups.rows) {
      if (b.tenant_id !== tenantId) continue;
      const subject: RuleSubject = {
        backupType: b.backup_type,
        senderAddress: b.sender_address,
        jobName: b.job_name,
        deviceName: b.device_name,
        method: b.method,
        vendor: b.vendor,
        vendorClientId: b.vendor_client_id,
        clientTag: b.client_tag,
      };
      const t = mine.find(
        (x) =>
          matchesRules(subject, x.rules) &&
          (!x.companies.length || (b.company_id !== null && x.companies.includes(b.company_id))),
      );
      if (t) plan.set(t.id, [...(plan.get(t.id) ?? []), b.id]);
    }
    if (!plan.size) continue;
    const done = await database.transaction(async (q) => {
      const ids: number[] = [];
      for (const [templateId, list] of plan) {
        const t = mine.find((x) => x.id === templateId)!;
        // Still inactive and still a template's to take (a user may have acted meanwhile).
        const still = await q<{ id: number }>(
          `SELECT id FROM backups WHERE id = ANY($1::int[]) AND state = 'Inactive' AND template_id IS NULL FOR UPDATE`,
          [list],
        );
        const w = await writeBackupSettings(
          q,
          tenantId,
          still.rows.map((r) => r.id),
          t.settings,
          { activate: true, templateId, companySource: 'template' },
        );
        await recordActivations(q, tenantId, templateId, w.ids);
        ids.push(...w.ids);
      }
      return ids;
    });
    activated.push(...done);
  }
  if (rollup && activated.length) await rollup.rerollAll(activated);
  return activated;
}
