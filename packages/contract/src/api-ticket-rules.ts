// Ticket rules and subject templates (`api/ticket/rules`, `custom-subjects`, `pattern-example`).
import { z } from 'zod';
import { NotificationKindValue, TicketGroupByValue } from './api-ticket-kinds.ts';
import { FilterMode } from './filter-mode.ts';

/** The day statuses a rule can open tickets for: Warning 2, Failure 3, No Result 4. */
export const RuleStatus = z.union([z.literal(2), z.literal(3), z.literal(4)]);

/** Ticket rule: when to open a ticket, with which profile, when to close it. */
export const TicketRuleInput = z.object({
  Name: z.string().trim().min(1, 'Name is required').max(200),
  IsEnabled: z.boolean(),
  ProfileId: z.number().int().positive(),
  Statuses: z.array(RuleStatus).min(1, 'Choose at least one status').max(3),
  /** Open once the status held this many consecutive scheduled days. */
  ConsecutiveDays: z.number().int().min(1).max(30),
  /** Instead of ConsecutiveDays, use each backup's own failure threshold. */
  UseFailureThreshold: z.boolean(),
  /** Empty lists mean every company, tag, vendor. */
  CompanyIds: z.array(z.number().int().positive()).max(1000),
  Tags: z.array(z.string().max(100)).max(200),
  Vendors: z.array(z.string().max(100)).max(200),
  /**
   * Features §5.4 filters: "all" or "specific" per list, and items excluded. Absent, a list
   * with items is "specific" and an empty one "all", with nothing excluded.
   */
  CompanyMode: FilterMode.optional(),
  ExcludeCompanyIds: z.array(z.number().int().positive()).max(1000).optional(),
  TagMode: FilterMode.optional(),
  ExcludeTags: z.array(z.string().max(100)).max(200).optional(),
  VendorMode: FilterMode.optional(),
  ExcludeVendors: z.array(z.string().max(100)).max(200).optional(),
  /** Close the ticket when the backup succeeds again, with CloseNote. */
  AutoClose: z.boolean(),
  CloseNote: z.string().max(2000).nullable(),
  /** Add a note each further day the problem continues. */
  NoteOnContinue: z.boolean(),
});
export type TicketRuleInput = z.infer<typeof TicketRuleInput>;

export interface TicketRule extends TicketRuleInput {
  Id: number;
  /** Order: the first enabled rule that covers a backup handles it. */
  Position: number;
  ProfileName: string;
  ProfileType: NotificationKindValue;
  GroupBy: TicketGroupByValue;
  /** How many active backups this rule handles now. */
  BackupsCount: number;
  OpenTickets: number;
}

/** A global subject per grouping (`custom-subjects`, `default-subjects`): Pattern, GroupBy, Example. */
export const SubjectTemplateInput = z.object({
  Pattern: z.string().max(1000),
  GroupBy: TicketGroupByValue,
});
export type SubjectTemplateInput = z.infer<typeof SubjectTemplateInput>;
export interface SubjectTemplate {
  Pattern: string;
  GroupBy: TicketGroupByValue;
  Example: string;
}
/** `POST api/ticket/pattern-example` → `{ Example }`, or 400 with the pattern's errors. */
export interface PatternExample {
  Example: string;
}

export const DEFAULT_SUBJECTS: Record<TicketGroupByValue, string> = {
  0: '{status}: {company} - {device} - {job}',
  1: '{status}: backups of {company}',
  2: '{status}: job {job} ({company})',
  3: '{status}: device {device} ({company})',
};
