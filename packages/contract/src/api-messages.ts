import { z } from 'zod';

/**
 * App messages (platform §3 "app messages", §7 `api/messages`, features §4.5): banners that
 * platform admins publish to every signed-in user, pushed live over the real-time channel.
 * Beyond the spec's fields a message has IsActive and an optional StartsAt/EndsAt window.
 */

/** `POST /api/support/ticket` (permission support.createsupportticket). */
export const SupportTicketInput = z.object({
  Subject: z.string().trim().min(1, 'Subject is required').max(200, 'Subject must be at most 200 characters'),
  Message: z.string().trim().min(1, 'Message is required').max(10000, 'Message must be at most 10000 characters'),
});
export type SupportTicketInput = z.infer<typeof SupportTicketInput>;

export const SupportTicket = z.object({
  Id: z.number().int(),
  Subject: z.string(),
  CreatedAt: z.string(),
});
export type SupportTicket = z.infer<typeof SupportTicket>;

export const SUPPORT_TICKET_SENT = 'Your message was sent to our support team. We will reply by e-mail.';

export * from './api-app-messages.ts';
export * from './api-message-locations.ts';
export * from './api-realtime.ts';
