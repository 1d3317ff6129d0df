// The saved ticket profile payload (features §3.3), for create and update.
import { z } from 'zod';
import { NotificationKindValue, TicketGroupByValue } from './api-ticket-kinds.ts';

const id = z.number().int().positive().nullable();
const text = z.string().max(500).nullable();

/**
 * The saved profile payload (features §3.3): Type and GroupBy numbers, ids numbers or null,
 * blank strings null. DefaultCrmBoard travels as the board's label. Fields the type does not use
 * are ignored and stored as null. Webhook profiles carry WebhookUrl and a write-only secret.
 */
export const TicketProfileInput = z.object({
  Name: z.string().trim().min(1, 'Name is required').max(200),
  Type: NotificationKindValue,
  GroupBy: TicketGroupByValue,
  CustomSubject: z.string().max(1000).nullable().optional(),
  CustomDescription: z.string().max(10000).nullable().optional(),
  // E-mail
  Recipients: z.array(z.string().trim().max(320)).max(50).optional(),
  EmailSettingsId: id.optional(),
  IncludeCompanyName: z.boolean().optional(),
  IncludeFailureText: z.boolean().optional(),
  // PSA
  CrmSourceId: id.optional(),
  IgnoreTicketStatusIds: z.array(z.number().int()).max(200).optional(),
  /** A PSA company of ours (companies.Id, Type Psa) that takes tickets of backups without a PSA company. */
  CatchAllCompany: id.optional(),
  DefaultCrmBoard: text.optional(),
  TicketPriority: z.number().int().nullable().optional(),
  TicketCategoryId: z.number().int().nullable().optional(),
  NewTicketStatusId: z.number().int().nullable().optional(),
  ClosedTicketStatusId: z.number().int().nullable().optional(),
  TypeId: z.number().int().nullable().optional(),
  SubTypeId: z.number().int().nullable().optional(),
  SourceId: z.number().int().nullable().optional(),
  TicketTypeId: z.number().int().nullable().optional(),
  PublicNotes: z.boolean().nullable().optional(),
  ItemId: z.number().int().nullable().optional(),
  TicketNoteTypeId: z.number().int().nullable().optional(),
  // Service management (ServiceNow): choice values and sys_ids are text.
  Category: text.optional(),
  Subcategory: text.optional(),
  Urgency: text.optional(),
  Impact: text.optional(),
  Group: text.optional(),
  Caller: text.optional(),
  // Webhook
  WebhookUrl: z.string().trim().max(1000).nullable().optional(),
  /** Write-only: null keeps the stored secret. */
  WebhookSecret: z.string().max(200).nullable().optional(),
});
export type TicketProfileInput = z.infer<typeof TicketProfileInput>;
export const TicketProfileUpdate = TicketProfileInput.extend({ Id: z.number().int().positive() });
export type TicketProfileUpdate = z.infer<typeof TicketProfileUpdate>;
