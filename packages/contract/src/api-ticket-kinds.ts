// Ticket grouping, notification kinds, ticket modes and the profile form's messages.
import { z } from 'zod';
import type { NotificationKind } from './enums.ts';

/** Group-by: Policy 0 (labelled Backup), Company 1, Job 2, Device 3. */
export const TicketGroupBy = { Policy: 0, Company: 1, Job: 2, Device: 3 } as const;
export type TicketGroupByValue = (typeof TicketGroupBy)[keyof typeof TicketGroupBy];
export const TicketGroupByValue = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export const TICKET_GROUP_LABELS: Record<TicketGroupByValue, string> = {
  0: 'Backup',
  1: 'Company',
  2: 'Job Name',
  3: 'Device Name',
};

/** Notification kinds: PSA 1, Email 2, Webhook 3 (the profile's Type). */
export type NotificationKindValue = (typeof NotificationKind)[keyof typeof NotificationKind];
export const NotificationKindValue = z.union([z.literal(1), z.literal(2), z.literal(3)]);
/** The form holds Type as text. */
export const PROFILE_TYPE_TEXT: Record<NotificationKindValue, 'PSA' | 'Email' | 'Webhook'> = {
  1: 'PSA',
  2: 'Email',
  3: 'Webhook',
};

/** Ticket mode of a backup's view: None, Email, Ticket, Any. */
export const TicketMode = z.enum(['None', 'Email', 'Ticket', 'Any']);
export type TicketMode = z.infer<typeof TicketMode>;

/** Features §9: the default body ("Ticket automatically created by" and the product name). */
export const DEFAULT_TICKET_DESCRIPTION = 'Ticket automatically created by Vigil';

export const PROFILE_MESSAGES = {
  created: 'Ticket profile created successfully',
  updated: 'Successfully updated',
  subjectUpdated: 'Subject template updated successfully',
  noPsa: "You don't have configured PSA integration",
  noCrmPermission: "You don't have permissions to get CRM Parameters",
  invalidEmail: (value: string) => `${value} in not valid email`,
  previewPlaceholder: 'Plese provide a template to see a preview',
} as const;
