// A backup's tickets (`api/policy/tickets`) and ticket details, creation and notes.
import { z } from 'zod';
import { type TicketEvent, TicketState } from './api-ticket-issues.ts';
import { NotificationKindValue } from './api-ticket-kinds.ts';

/** `POST /api/policy/tickets` (page size 10): a backup's tickets, newest first. */
export const PolicyTicketsQuery = z.object({
  PolicyId: z.number().int().positive(),
  Page: z.number().int().min(1).default(1),
  Size: z.number().int().min(1).max(100).default(10),
  /** Only tickets open on this day (YYYY-MM-DD). */
  Date: z.string().nullable().optional(),
});
export interface PolicyTicket {
  Id: number;
  Subject: string;
  State: TicketState;
  Kind: NotificationKindValue;
  ExternalId: string | null;
  ExternalNumber: string | null;
  ExternalUrl: string | null;
  OpenedAt: string;
  ClosedAt: string | null;
  Manual: boolean;
}
export interface PolicyTickets {
  Tickets: PolicyTicket[];
  TicketsCount: number;
}

/** `GET api/ticket/get-details?ticketID=`: ours and, for PSA tickets, what the PSA says now. */
export interface TicketDetails extends PolicyTicket {
  Events: TicketEvent[];
  Psa: {
    StatusName: string | null;
    Closed: boolean;
    CompanyName: string | null;
    Notes: { At: string | null; Text: string; Author: string | null }[];
  } | null;
}

/** `POST api/ticket/CreateForPolicy/{policyId}`: a ticket now, with a profile. */
export const CreateForPolicyInput = z.object({
  ProfileId: z.number().int().positive(),
  Subject: z.string().trim().max(1000).nullable().optional(),
  Description: z.string().max(10000).nullable().optional(),
});
/** `POST api/ticket/UpdateDetails`: a note on the ticket, optionally closing it. */
export const UpdateTicketDetailsInput = z.object({
  TicketId: z.number().int().positive(),
  Note: z.string().trim().min(1, 'Note is required').max(10000),
  Close: z.boolean().optional(),
});
