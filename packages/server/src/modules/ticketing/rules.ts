import type { TicketRule, TicketRuleInput } from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import { logActivity, type Actor } from '../../changes/activity.ts';
import { notFound } from '../../platform/errors.ts';
import { fail, type FieldError } from './profile-payload.ts';
import { handlingRule } from './rule-match.ts';
import { scopeErrors, scopeOfInput } from './rule-scope.ts';
import { backupsForMatching, markDirty, rulesForMatching, run } from './rule-matching.ts';
import { RULE_SELECT, type RuleDbRow, ruleMessages, toRule } from './rule-rows.ts';

/**
 * Ticket rules in their order (features §2.4): the first enabled rule covering a backup
 * handles it. Every change marks the tenant for the next ticketing evaluation.
 */

export class TicketRules {
  constructor(private readonly database: Database) {}

  /** How many active, not paused backups each rule handles now (one pass over the backups). */
  private async handledCounts(q: QueryFn, tenantId: number): Promise<Map<number, number>> {
    const rules = await rulesForMatching(q, tenantId);
    const counts = new Map<number, number>();
    if (!rules.some((r) => r.isEnabled)) return counts;
    for (const b of await backupsForMatching(q, tenantId)) {
      if (b.paused) continue;
      const rule = handlingRule(rules, b);
      if (rule) counts.set(rule.id, (counts.get(rule.id) ?? 0) + 1);
    }
    return counts;
  }

  async list(tenantId: number, only?: number[]): Promise<TicketRule[]> {
    const q = run(this.database);
    const r = await q<RuleDbRow>(
      `${RULE_SELECT} WHERE r.tenant_id = $1 ${only ? 'AND r.id = ANY($2::int[])' : ''} ORDER BY r.position, r.id`,
      only ? [tenantId, only] : [tenantId],
    );
    const counts = await this.handledCounts(q, tenantId);
    return r.rows.map((x) => toRule(x, counts.get(x.id) ?? 0));
  }

  async get(tenantId: number, id: number): Promise<TicketRule> {
    const [rule] = await this.list(tenantId, [id]);
    if (!rule) throw notFound();
    return rule;
  }

  private async check(q: QueryFn, tenantId: number, input: TicketRuleInput): Promise<void> {
    const errors: FieldError[] = [];
    const p = await q('SELECT 1 FROM ticket_profiles WHERE tenant_id = $1 AND id = $2', [tenantId, input.ProfileId]);
    if (!p.rows.length) errors.push({ Field: 'ProfileId', Message: ruleMessages.profileUnknown });
    const companies = [...new Set(input.CompanyIds)];
    if (companies.length) {
      const c = await q<{ n: string | number }>(
        'SELECT count(*) AS n FROM companies WHERE tenant_id = $1 AND id = ANY($2::int[])',
        [tenantId, companies],
      );
      if (Number(c.rows[0].n) !== companies.length)
        errors.push({ Field: 'CompanyIds', Message: ruleMessages.companiesUnknown });
    }
    errors.push(...scopeErrors(input));
    if (errors.length) fail(errors);
  }

  private values(input: TicketRuleInput): unknown[] {
    const unique = <T>(xs: T[]) => [...new Set(xs)];
    const scope = scopeOfInput(input);
    return [
      input.Name.trim(),
      input.IsEnabled,
      input.ProfileId,
      JSON.stringify(unique(input.Statuses).sort()),
      input.ConsecutiveDays,
      input.UseFailureThreshold,
      JSON.stringify(scope),
      input.AutoClose,
      input.CloseNote?.trim() || null,
      input.NoteOnContinue,
    ];
  }

  /** A rule as the activity log shows it. */
  private async snapshot(q: QueryFn, tenantId: number, id: number): Promise<Record<string, unknown>> {
    const r = await q<RuleDbRow>(`${RULE_SELECT} WHERE r.tenant_id = $1 AND r.id = $2`, [tenantId, id]);
    if (!r.rows[0]) throw notFound();
    const { Id: _id, BackupsCount: _b, OpenTickets: _o, ProfileType: _t, GroupBy: _g, ...rest } = toRule(r.rows[0], 0);
    return rest;
  }

  /** A new rule goes last. */
  async create(actor: Actor, input: TicketRuleInput): Promise<number> {
    return this.database.transaction(async (q) => {
      await this.check(q, actor.tenantId, input);
      // Serialises position numbering per tenant.
      await q('SELECT id FROM tenants WHERE id = $1 FOR UPDATE', [actor.tenantId]);
      const r = await q<{ id: number }>(
        `INSERT INTO ticket_rules (tenant_id, name, is_enabled, profile_id, statuses, consecutive_days,
                                   use_failure_threshold, scope, auto_close, close_note, note_on_continue, position)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8::jsonb, $9, $10, $11,
                 (SELECT COALESCE(max(position), 0) + 1 FROM ticket_rules WHERE tenant_id = $1))
         RETURNING id`,
        [actor.tenantId, ...this.values(input)],
      );
      await markDirty(q, actor.tenantId);
      const id = r.rows[0].id;
      const after = await this.snapshot(q, actor.tenantId, id);
      await logActivity(q, actor, {
        action: 'Ticket rule created',
        entityType: 'TicketRule',
        entityId: id,
        entityName: input.Name.trim(),
        after,
      });
      return id;
    });
  }

  async update(actor: Actor, id: number, input: TicketRuleInput): Promise<void> {
    await this.database.transaction(async (q) => {
      const current = await q('SELECT id FROM ticket_rules WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [
        actor.tenantId,
        id,
      ]);
      if (!current.rows.length) throw notFound();
      await this.check(q, actor.tenantId, input);
      const before = await this.snapshot(q, actor.tenantId, id);
      await q(
        `UPDATE ticket_rules SET name = $3, is_enabled = $4, profile_id = $5, statuses = $6::jsonb,
                consecutive_days = $7, use_failure_threshold = $8, scope = $9::jsonb, auto_close = $10,
                close_note = $11, note_on_continue = $12, updated_at = now()
          WHERE tenant_id = $1 AND id = $2`,
        [actor.tenantId, id, ...this.values(input)],
      );
      await markDirty(q, actor.tenantId);
      const after = await this.snapshot(q, actor.tenantId, id);
      const diff = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
      for (const k of Object.keys(after))
        if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
          diff.before[k] = before[k];
          diff.after[k] = after[k];
        }
      await logActivity(q, actor, {
        action: 'Ticket rule edited',
        entityType: 'TicketRule',
        entityId: id,
        entityName: input.Name.trim(),
        ...diff,
      });
    });
  }

  async remove(actor: Actor, id: number): Promise<void> {
    await this.database.transaction(async (q) => {
      const before = await this.snapshot(q, actor.tenantId, id);
      await q('DELETE FROM ticket_rules WHERE tenant_id = $1 AND id = $2', [actor.tenantId, id]);
      await logActivity(q, actor, {
        action: 'Ticket rule deleted',
        entityType: 'TicketRule',
        entityId: id,
        entityName: String(before.Name),
        before,
      });
      await this.renumber(q, actor.tenantId, null);
      await markDirty(q, actor.tenantId);
    });
  }

  /** Moves a rule right after `afterId` (first when null); positions become 1…n again. */
  async move(actor: Actor, id: number, afterId: number | null): Promise<void> {
    await this.database.transaction(async (q) => {
      await q('SELECT id FROM tenants WHERE id = $1 FOR UPDATE', [actor.tenantId]);
      const ids = (
        await q<{ id: number }>('SELECT id FROM ticket_rules WHERE tenant_id = $1 ORDER BY position, id', [
          actor.tenantId,
        ])
      ).rows.map((x) => x.id);
      if (!ids.includes(id)) throw notFound();
      if (afterId !== null && (afterId === id || !ids.includes(afterId)))
        fail([{ Field: 'AfterId', Message: ruleMessages.afterUnknown }]);
      const rest = ids.filter((x) => x !== id);
      const at = afterId === null ? 0 : rest.indexOf(afterId) + 1;
      rest.splice(at, 0, id);
      await this.renumber(q, actor.tenantId, rest);
      await markDirty(q, actor.tenantId);
      const name = await q<{ name: string }>('SELECT name FROM ticket_rules WHERE id = $1', [id]);
      await logActivity(q, actor, {
        action: 'Ticket rules reordered',
        entityType: 'TicketRule',
        entityId: id,
        entityName: name.rows[0].name,
        before: { Position: ids.indexOf(id) + 1 },
        after: { Position: at + 1, AfterId: afterId },
      });
    });
  }

  private async renumber(q: QueryFn, tenantId: number, order: number[] | null): Promise<void> {
    const ids =
      order ??
      (
        await q<{ id: number }>('SELECT id FROM ticket_rules WHERE tenant_id = $1 ORDER BY position, id', [tenantId])
      ).rows.map((x) => x.id);
    await q(
      `UPDATE ticket_rules r SET position = x.n
         FROM unnest($2::int[]) WITH ORDINALITY AS x(id, n)
        WHERE r.tenant_id = $1 AND r.id = x.id AND r.position <> x.n`,
      [tenantId, ids],
    );
  }

  /** For each backup, the rule that handles it now (null when none). */
  async handlingRules(
    tenantId: number,
    backupIds: number[],
  ): Promise<{ PolicyId: number; RuleId: number | null; RuleName: string | null }[]> {
    const q = run(this.database);
    const rules = await rulesForMatching(q, tenantId);
    const backups = new Map((await backupsForMatching(q, tenantId, backupIds)).map((b) => [b.id, b]));
    return [...new Set(backupIds)].map((id) => {
      const b = backups.get(id);
      const rule = b ? handlingRule(rules, b) : null;
      return { PolicyId: id, RuleId: rule?.id ?? null, RuleName: rule?.name ?? null };
    });
  }

  /** The enabled rules covering one backup, in order: the first is the one that handles it. */
  async coveringRules(tenantId: number, backupId: number): Promise<TicketRule[]> {
    const q = run(this.database);
    const rules = await rulesForMatching(q, tenantId);
    const [b] = await backupsForMatching(q, tenantId, [backupId]);
    if (!b) return [];
    const covering = new Set(rules.filter((r) => r.isEnabled && handlingRule([r], b)).map((r) => r.id));
    if (!covering.size) return [];
    return (await this.list(tenantId)).filter((r) => covering.has(r.Id));
  }
}

export { ruleMessages } from './rule-rows.ts';
export { backupsForMatching, rulesForMatching, markDirty } from './rule-matching.ts';
export type { BackupForMatch, LoadedRule } from './rule-matching.ts';
