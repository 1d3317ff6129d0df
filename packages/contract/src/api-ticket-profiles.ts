// Ticket profiles as read (`api/ticket/profiles`): one profile, the list and the linked PSA.
import { z } from 'zod';
import { TicketProfileInput } from './api-ticket-profile-input.ts';
import { NotificationKindValue, TicketGroupByValue } from './api-ticket-kinds.ts';

/** `GET api/ticket/profiles/{id}`: the saved payload, with the webhook secret replaced by a flag. */
export type TicketProfile = Omit<Required<TicketProfileInput>, 'WebhookSecret'> & {
  Id: number;
  CrmTypeId: number;
  HasWebhookSecret: boolean;
  RulesCount: number;
  CreatedAt: string;
  UpdatedAt: string;
};

/** Profile list item (features §3.3: Id, Name, Type) with what the grid shows. */
export interface TicketProfileListItem {
  Id: number;
  Name: string;
  Type: NotificationKindValue;
  GroupBy: TicketGroupByValue;
  Target: string;
  RulesCount: number;
  OpenTickets: number;
  UpdatedAt: string;
}

/** `POST api/ticket/profiles/list`. */
export const TicketProfileListQuery = z.object({
  Page: z.number().int().min(1).default(1),
  Size: z.number().int().min(1).max(500).default(50),
  Search: z.string().max(200).optional(),
  OrderBy: z.enum(['Name', 'Type', 'GroupBy', 'UpdatedAt']).optional(),
  OrderAscending: z.boolean().optional(),
});

/** `GET api/ticket/profiles/psa`: the linked PSA source for the profile form. */
export interface ProfilePsaConfig {
  CrmTypeId: number;
  /** The CRM source (integration) id, null when none is configured. */
  Id: number | null;
  Name: string | null;
}
