import { TicketGroupBy } from '@vigil/contract';
import { handlingRule } from '../rule-match.ts';
import type { EngineBackup, EngineRule, LiveTicket } from './load.ts';

/**
 * The pure half of an evaluation: from rules, backups (with their recent days) and the live
 * tickets, what each group needs. Nothing here reads or writes the database.
 */

/**
 * problem: the rule's statuses held for at least the days it asks (ConsecutiveDays, or the
 * backup's failure threshold); failing: the latest day has one of them but not yet for long
 * enough; clear: the latest day is a success (or a warning the rule does not watch); neutral:
 * anything else (no days yet, a suppressed or unwatched No Result), which neither opens nor closes.
 */
export type BackupCondition = 'problem' | 'failing' | 'clear' | 'neutral';

export interface BackupState {
  backup: EngineBackup;
  condition: BackupCondition;
  /** The latest counted day and its status. */
  day: string | null;
  status: number;
  streak: number;
}

export function backupState(rule: EngineRule, backup: EngineBackup): BackupState {
  const latest = backup.days[0];
  if (!latest) return { backup, condition: 'neutral', day: null, status: 0, streak: 0 };
  let streak = 0;
  for (const d of backup.days) {
    if (!rule.statuses.includes(d.status)) break;
    streak++;
  }
  const needed = rule.useFailureThreshold ? backup.failureThreshold : rule.consecutiveDays;
  const base = { backup, day: latest.day, status: latest.status, streak };
  if (streak >= needed) return { ...base, condition: 'problem' };
  if (streak > 0) return { ...base, condition: 'failing' };
  if (latest.status === 1 || (latest.status === 2 && !rule.statuses.includes(2)))
    return { ...base, condition: 'clear' };
  return { ...base, condition: 'neutral' };
}

/** What a group is keyed on, per the profile's GroupBy. */
export function groupValue(groupBy: number, b: EngineBackup): string {
  switch (groupBy) {
    case TicketGroupBy.Company:
      return b.companyId === null ? 'none' : String(b.companyId);
    case TicketGroupBy.Job:
      return b.jobName.trim().toLowerCase();
    case TicketGroupBy.Device:
      return b.deviceName.trim().toLowerCase();
    default:
      return String(b.id);
  }
}

export const groupKeyOf = (ruleId: number, groupBy: number, value: string) => `${ruleId}:${groupBy}:${value}`;

export interface Group {
  key: string;
  rule: EngineRule;
  members: BackupState[];
}

/** Every covered backup in its rule's group. */
export function groupBackups(rules: EngineRule[], backups: EngineBackup[]): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const b of backups) {
    const rule = handlingRule(rules, { companyId: b.companyId, vendor: b.vendor, tags: b.tags });
    if (!rule) continue;
    const key = groupKeyOf(rule.id, rule.profile.groupBy, groupValue(rule.profile.groupBy, b));
    const g = groups.get(key) ?? { key, rule, members: [] };
    g.members.push(backupState(rule, b));
    groups.set(key, g);
  }
  return groups;
}

const maxDay = (days: (string | null)[]) => days.reduce<string | null>((m, d) => (d && (!m || d > m) ? d : m), null);

/** The worst status among states (Failure over No Result over Warning). */
export function worstStatus(states: BackupState[]): number {
  const rank = (s: number) => [0, 0, 1, 3, 2, 0, 0][s] ?? 0;
  return states.reduce((w, s) => (rank(s.status) > rank(w) ? s.status : w), states[0]?.status ?? 3);
}

export type GroupAction =
  | { kind: 'open'; group: Group; members: BackupState[]; day: string }
  | {
      kind: 'continue';
      group: Group;
      ticket: LiveTicket;
      joiners: BackupState[];
      continuing: BackupState[];
      day: string;
      /** A note is due (NoteOnContinue and a day not noted yet). */
      note: boolean;
    }
  | { kind: 'clear'; group: Group; ticket: LiveTicket; day: string; lastProblemDay: string | null };

/**
 * Decides each group: open a ticket, continue one (link joiners, note a new day), or clear it.
 * `endedDays` holds, per group key, the last day an ended ticket covered.
 */
export function planGroups(
  groups: Map<string, Group>,
  live: LiveTicket[],
  endedDays: Map<string, string>,
): GroupAction[] {
  const liveByKey = new Map(live.map((t) => [t.groupKey, t]));
  const actions: GroupAction[] = [];
  for (const group of groups.values()) {
    const problems = group.members.filter((m) => m.condition === 'problem');
    const ticket = liveByKey.get(group.key);
    if (!ticket) {
      const day = maxDay(problems.map((m) => m.day));
      const ended = endedDays.get(group.key);
      if (day && (!ended || day > ended)) actions.push({ kind: 'open', group, members: problems, day });
      continue;
    }
    const linked = new Set(ticket.backupIds);
    const joiners = problems.filter((m) => !linked.has(m.backup.id));
    const continuing = group.members.filter(
      (m) =>
        (m.condition === 'problem' || m.condition === 'failing') && (linked.has(m.backup.id) || joiners.includes(m)),
    );
    if (continuing.length) {
      const day = maxDay(continuing.map((m) => m.day))!;
      const newDay = !ticket.lastNotedDay || day > ticket.lastNotedDay;
      if (newDay || joiners.length) {
        actions.push({
          kind: 'continue',
          group,
          ticket,
          joiners,
          continuing,
          day,
          note: newDay && group.rule.noteOnContinue && !!ticket.lastNotedDay,
        });
      }
      continue;
    }
    const mine = group.members.filter((m) => linked.has(m.backup.id));
    if (mine.length && mine.every((m) => m.condition === 'clear')) {
      actions.push({
        kind: 'clear',
        group,
        ticket,
        day: maxDay(mine.map((m) => m.day))!,
        lastProblemDay: ticket.lastNotedDay,
      });
    }
  }
  return actions;
}
