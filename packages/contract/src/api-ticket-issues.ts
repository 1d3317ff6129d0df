// Tickets as issues (`api/ticket/issues`): state, rows, query and timeline events.
import { z } from 'zod';
import { NotificationKindValue, TicketGroupByValue } from './api-ticket-kinds.ts';

/** Where a ticket is in its life. */
export const TicketState = z.enum(['Pending', 'Open', 'Closed', 'Failed', 'Unlinked']);
export type TicketState = z.infer<typeof TicketState>;

/** `GET api/ticket/issues`: one row per ticket (open problems first). */
export interface TicketIssue {
  /** The group key: rule, grouping and group value. */
  key: string;
  Id: number;
  Subject: string;
  Kind: NotificationKindValue;
  GroupBy: TicketGroupByValue;
  Group: string;
  Status: number;
  State: TicketState;
  ProfileId: number | null;
  ProfileName: string | null;
  RuleId: number | null;
  RuleName: string | null;
  ExternalId: string | null;
  ExternalNumber: string | null;
  ExternalUrl: string | null;
  BackupIds: number[];
  CompanyName: string | null;
  OpenedAt: string;
  UpdatedAt: string;
  ClosedAt: string | null;
  NotesCount: number;
  LastError: string | null;
}
export const TicketIssuesQuery = z.object({
  Page: z.coerce.number().int().min(1).default(1),
  Size: z.coerce.number().int().min(1).max(500).default(50),
  Search: z.string().max(200).optional(),
  State: z.enum(['Open', 'Closed', 'Failed', 'All']).default('Open'),
});

/** One event on a ticket's timeline. */
export interface TicketEvent {
  At: string;
  Kind: 'created' | 'note' | 'closed' | 'reopened' | 'linked' | 'unlinked' | 'error' | 'delivered';
  Text: string;
  UserName: string | null;
}
