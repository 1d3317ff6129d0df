// Ticket rules as stored: the row, its select and the rule it reads as.
import type { NotificationKindValue, TicketGroupByValue, TicketRule } from '@vigil/contract';
import { scopeOf } from './rule-match.ts';
import { scopeExtras } from './rule-scope.ts';

export interface RuleDbRow {
  id: number;
  name: string;
  is_enabled: boolean;
  position: number;
  profile_id: number;
  statuses: number[];
  consecutive_days: number;
  use_failure_threshold: boolean;
  scope: unknown;
  auto_close: boolean;
  close_note: string | null;
  note_on_continue: boolean;
  profile_name: string;
  profile_type: number;
  group_by: number;
  open_tickets: string | number;
}

export const RULE_SELECT = `
  SELECT r.id, r.name, r.is_enabled, r.position, r.profile_id, r.statuses, r.consecutive_days,
         r.use_failure_threshold, r.scope, r.auto_close, r.close_note, r.note_on_continue,
         p.name AS profile_name, p.type AS profile_type, p.group_by,
         (SELECT count(*) FROM tickets t WHERE t.rule_id = r.id AND t.state IN ('Pending', 'Open')) AS open_tickets
    FROM ticket_rules r
    JOIN ticket_profiles p ON p.id = r.profile_id`;

export const ruleMessages = {
  profileUnknown: 'This ticket profile does not exist',
  companiesUnknown: 'Some of these companies do not exist',
  afterUnknown: 'The rule to move after does not exist',
} as const;

export function toRule(r: RuleDbRow, backupsCount: number): TicketRule {
  const scope = scopeOf(r.scope);
  return {
    Id: r.id,
    Name: r.name,
    IsEnabled: r.is_enabled,
    Position: r.position,
    ProfileId: r.profile_id,
    ProfileName: r.profile_name,
    ProfileType: r.profile_type as NotificationKindValue,
    GroupBy: r.group_by as TicketGroupByValue,
    Statuses: r.statuses as TicketRule['Statuses'],
    ConsecutiveDays: r.consecutive_days,
    UseFailureThreshold: r.use_failure_threshold,
    CompanyIds: scope.CompanyIds,
    Tags: scope.Tags,
    Vendors: scope.Vendors,
    ...scopeExtras(scope),
    AutoClose: r.auto_close,
    CloseNote: r.close_note,
    NoteOnContinue: r.note_on_continue,
    BackupsCount: backupsCount,
    OpenTickets: Number(r.open_tickets),
  };
}
