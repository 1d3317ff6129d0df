import type { Deps } from '../../../deps.ts';
import type { QueryFn } from '../../../db/client.ts';
import { loadBackups, loadEndedDays, loadFailureTexts, loadLiveTickets, loadRules, tenantTimeZone } from './load.ts';
import { groupBackups, planGroups, worstStatus, type BackupState, type GroupAction } from './plan.ts';
import { addEvent, endTicket, linkBackups, queueAction } from './store.ts';
import {
  globalSubject,
  groupLabel,
  patternValues,
  renderDescription,
  renderSubject,
  statusName,
  subjectPattern,
  type BackupText,
} from './texts.ts';
import { checkPsaTickets, type PsaTicketCheck } from './psa-check.ts';

/** Advisory lock namespace of ticket evaluation (the second key is the tenant). */
const LOCK_NAMESPACE = 7402001;

export interface EvaluationResult {
  opened: number;
  noted: number;
  closed: number;
}

/**
 * Evaluates a tenant's rules against its backups' days and writes what changed: tickets,
 * links, events and outbox rows, in one transaction under a per-tenant advisory lock, so two
 * workers never evaluate one tenant at once and a retry finds its own earlier work. Delivery
 * happens later, from the outbox (deliver.ts).
 *
 * Before the transaction, open PSA tickets that are about to get a continuing-problem note are
 * looked up in the PSA once: a ticket a technician closed there (or moved to an ignored status)
 * counts as closed, and a new one opens when the problem goes on.
 */
export async function evaluateTenant(deps: Deps, tenantId: number, now = new Date()): Promise<EvaluationResult> {
  const database = deps.database;
  const preview = await decide(database.query.bind(database) as QueryFn, tenantId, now);
  const checks = await checkPsaTickets(deps, tenantId, preview.actions);
  return database.transaction(async (q) => {
    await q('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_NAMESPACE, tenantId]);
    await q(
      `INSERT INTO ticket_evaluations (tenant_id, dirty, evaluated_at) VALUES ($1, false, $2)
       ON CONFLICT (tenant_id) DO UPDATE SET dirty = false, evaluated_at = $2`,
      [tenantId, now],
    );
    // Decided again under the lock: another worker may have written since the preview.
    const { actions } = await decide(q, tenantId, now);
    return apply(q, tenantId, now, actions, checks);
  });
}

async function decide(q: QueryFn, tenantId: number, now: Date): Promise<{ actions: GroupAction[] }> {
  const rules = (await loadRules(q, tenantId)).filter((r) => r.isEnabled);
  const live = await loadLiveTickets(q, tenantId);
  if (!rules.length) return { actions: [] };
  const backups = await loadBackups(q, tenantId, now);
  const groups = groupBackups(rules, backups);
  return { actions: planGroups(groups, live, await loadEndedDays(q, tenantId)) };
}

async function apply(
  q: QueryFn,
  tenantId: number,
  now: Date,
  actions: GroupAction[],
  checks: Map<number, PsaTicketCheck>,
): Promise<EvaluationResult> {
  const result: EvaluationResult = { opened: 0, noted: 0, closed: 0 };
  if (!actions.length) return result;
  const timeZone = await tenantTimeZone(q, tenantId);
  const failureTexts = await loadFailureTexts(q, [
    ...new Set(actions.flatMap((a) => (a.kind === 'clear' ? [] : a.group.members.map((m) => m.backup.id)))),
  ]);
  const subjects = new Map<number, string | null>();
  const texts = (states: BackupState[]): BackupText[] =>
    states.map((s) => ({
      id: s.backup.id,
      deviceName: s.backup.deviceName,
      jobName: s.backup.jobName,
      vendor: s.backup.vendor,
      companyName: s.backup.companyName,
      tags: s.backup.tags,
      status: s.status,
      streak: s.streak,
      failureText: failureTexts.get(s.backup.id) ?? null,
    }));
  const optsOf = (settings: Record<string, unknown>, type: number) => ({
    // E-mail profiles choose; a PSA or webhook ticket always carries the facts.
    includeCompany: type !== 2 || settings.IncludeCompanyName === true,
    includeFailureText: type !== 2 || settings.IncludeFailureText === true,
  });

  const open = async (a: { group: GroupAction['group']; members: BackupState[]; day: string }) => {
    const { rule } = a.group;
    const p = rule.profile;
    if (!subjects.has(p.groupBy)) subjects.set(p.groupBy, await globalSubject(q, tenantId, p.groupBy));
    const bt = texts(a.members);
    const status = worstStatus(a.members);
    const values = patternValues(p.groupBy, bt, status, now, timeZone);
    const subject = renderSubject(subjectPattern(p, subjects.get(p.groupBy) ?? null), values);
    const description = renderDescription(p, values, bt, optsOf(p.settings, p.type));
    const ins = await q<{ id: number }>(
      `INSERT INTO tickets (tenant_id, rule_id, profile_id, kind, group_by, group_key, group_label, subject,
                            description, status, state, last_noted_day)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'Pending', $11)
       ON CONFLICT (tenant_id, group_key) WHERE state IN ('Pending', 'Open') DO NOTHING RETURNING id`,
      [
        tenantId,
        rule.id,
        p.id,
        p.type,
        p.groupBy,
        a.group.key,
        groupLabel(p.groupBy, bt[0]),
        subject,
        description,
        status,
        a.day,
      ],
    );
    const id = ins.rows[0]?.id;
    if (!id) return;
    const backupIds = a.members.map((m) => m.backup.id);
    await linkBackups(q, tenantId, id, backupIds);
    await addEvent(q, tenantId, id, 'created', `Opened by rule "${rule.name}": ${statusName(status)} (${a.day})`);
    await queueAction(q, tenantId, id, 'create', 'create', {
      subject,
      text: description,
      event: 'ticket.opened',
      backupIds,
    });
    result.opened++;
  };

  for (const a of actions) {
    if (a.kind === 'open') {
      await open(a);
      continue;
    }
    const { ticket, group } = a;
    const rule = group.rule;
    if (a.kind === 'clear') {
      const day = a.lastProblemDay ?? a.day;
      if (rule.autoClose) {
        if (!(await endTicket(q, ticket.id, 'Closed'))) continue;
        const note = rule.closeNote?.trim() || 'The problem cleared: the backups succeeded again.';
        await addEvent(q, tenantId, ticket.id, 'closed', `Closed automatically: ${note}`);
        await queueAction(q, tenantId, ticket.id, 'close', 'close', {
          text: note,
          event: 'ticket.closed',
          backupIds: ticket.backupIds,
        });
        result.closed++;
      } else if (
        await queueAction(q, tenantId, ticket.id, 'note', `cleared:${day}`, {
          text: 'The problem cleared: the backups succeeded again.',
          event: 'ticket.noted',
          backupIds: ticket.backupIds,
        })
      ) {
        await addEvent(q, tenantId, ticket.id, 'note', `The problem cleared (${a.day})`);
        result.noted++;
      }
      continue;
    }

    // A continuing problem. A PSA ticket closed by a technician ends here and a new one opens.
    const check = checks.get(ticket.id);
    if (check?.closed) {
      if (await endTicket(q, ticket.id, 'Closed')) {
        await addEvent(q, tenantId, ticket.id, 'closed', check.reason);
        result.closed++;
        const problems = a.continuing.filter((m) => m.condition === 'problem');
        if (problems.length) await open({ group, members: problems, day: a.day });
      }
      continue;
    }
    const lines: string[] = [];
    if (a.joiners.length) {
      await linkBackups(
        q,
        tenantId,
        ticket.id,
        a.joiners.map((m) => m.backup.id),
      );
      for (const j of a.joiners) {
        const label = `${j.backup.deviceName} / ${j.backup.jobName}`;
        await addEvent(q, tenantId, ticket.id, 'linked', `${label} joined: ${statusName(j.status)}`);
        lines.push(`${label} now has the problem too: ${statusName(j.status)} (${j.day}).`);
      }
    }
    if (a.note) {
      const bt = texts(a.continuing);
      lines.push(
        `The problem continues on ${a.day}:`,
        ...bt.map((b) => `- ${b.deviceName} / ${b.jobName}: ${statusName(b.status)}, ${b.streak} day(s) in a row`),
      );
    }
    await q('UPDATE tickets SET last_noted_day = $2, updated_at = now() WHERE id = $1', [ticket.id, a.day]);
    if (!lines.length) continue;
    const dedupe = a.note ? a.day : `join:${a.joiners.map((j) => j.backup.id).join(',')}:${a.day}`;
    if (
      await queueAction(q, tenantId, ticket.id, 'note', dedupe, {
        text: lines.join('\n'),
        event: 'ticket.noted',
        backupIds: a.continuing.map((m) => m.backup.id),
      })
    ) {
      if (a.note) await addEvent(q, tenantId, ticket.id, 'note', `The problem continues (${a.day})`);
      result.noted++;
    }
  }
  return result;
}
