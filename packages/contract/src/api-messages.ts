import { z } from 'zod';

/**
 * App messages (platform §3 "app messages", §7 `api/messages`, features §4.5): banners that
 * platform admins publish to every signed-in user, pushed live over the real-time channel.
 * Beyond the spec's fields a message has IsActive and an optional StartsAt/EndsAt window.
 */

export const MESSAGE_TEXT_MAX = 4000;
export const MESSAGE_LOCATIONS_MAX = 20;

/** A path pattern: starts with '/', `*` matches within one path segment, `**` any depth. */
export const MessageLocation = z
  .string()
  .trim()
  .min(1, 'Location is required')
  .max(200, 'Location must be at most 200 characters')
  .regex(/^\/[A-Za-z0-9\-._~/*]*$/, 'Location must be a path starting with / (letters, digits, - _ . ~ / and *)');

const isoDateTime = z.iso.datetime({ offset: true, message: 'Date must be valid' });

const MessageFields = z.object({
  Severity: z.union([z.literal(1), z.literal(2), z.literal(3)], { message: 'Severity must be 1, 2 or 3' }),
  Text: z
    .string()
    .trim()
    .min(1, 'Text is required')
    .max(MESSAGE_TEXT_MAX, `Text must be at most ${MESSAGE_TEXT_MAX} characters`),
  IsDismissible: z.boolean().default(true),
  Locations: z
    .array(MessageLocation)
    .max(MESSAGE_LOCATIONS_MAX, `At most ${MESSAGE_LOCATIONS_MAX} locations`)
    .default([]),
  IsActive: z.boolean().default(true),
  StartsAt: isoDateTime.nullish(),
  EndsAt: isoDateTime.nullish(),
});

const windowIsOrdered = (v: { StartsAt?: string | null; EndsAt?: string | null }) =>
  !v.StartsAt || !v.EndsAt || Date.parse(v.EndsAt) > Date.parse(v.StartsAt);
const windowIssue = { message: 'End must be after start', path: ['EndsAt'] };

/** `POST api/messages/`. */
export const AppMessageInput = MessageFields.refine(windowIsOrdered, windowIssue);
export type AppMessageInput = z.input<typeof AppMessageInput>;

/** `PUT api/messages/`: the whole message with its Id. */
export const AppMessageUpdate = MessageFields.extend({ Id: z.number().int().positive() }).refine(
  windowIsOrdered,
  windowIssue,
);
export type AppMessageUpdate = z.input<typeof AppMessageUpdate>;

export const AppMessage = z.object({
  Id: z.number().int(),
  Severity: z.number().int(),
  Text: z.string(),
  IsDismissible: z.boolean(),
  Locations: z.array(z.string()),
  IsActive: z.boolean(),
  StartsAt: z.string().nullable(),
  EndsAt: z.string().nullable(),
  UpdatedAt: z.string(),
});
export type AppMessage = z.infer<typeof AppMessage>;

/** `GET api/messages/active?path=`: the optional path narrows the list to messages shown there. */
export const ActiveMessagesQuery = z.object({ path: z.string().max(500).optional() });

export const AppMessageDeleted = z.object({ Id: z.number().int() });

/**
 * The real-time channel (`/api/realtime`, a WebSocket). The client's first frame must be
 * `{"type":"auth","token":"<access token>"}` within a few seconds; the server answers `ready`
 * or closes with code 4401. Events follow as JSON frames.
 */
export const REALTIME_PATH = '/api/realtime';
export const RealtimeCloseCodes = { unauthorized: 4401, expired: 4402 } as const;
export type RealtimeEvent = { type: 'MessageUpdated'; message: AppMessage } | { type: 'MessageDeleted'; id: number };
export type RealtimeServerFrame = { type: 'ready' } | RealtimeEvent;

/** Is the message shown at `now` (active and inside its window)? */
export function isMessageLive(m: Pick<AppMessage, 'IsActive' | 'StartsAt' | 'EndsAt'>, now: number): boolean {
  if (!m.IsActive) return false;
  if (m.StartsAt && Date.parse(m.StartsAt) > now) return false;
  if (m.EndsAt && Date.parse(m.EndsAt) <= now) return false;
  return true;
}

function patternToRegExp(pattern: string): RegExp {
  const body = pattern
    .replace(/\/+$/, '')
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  // A pattern without wildcards also covers the pages under it: '/app/manage' matches '/app/manage/companies'.
  const tail = pattern.includes('*') ? '' : '(?:/.*)?';
  return new RegExp(`^${body}${tail}/?$`, 'i');
}

/**
 * Does a message with these Locations show on `pathname`? No locations: everywhere. A plain
 * pattern matches the path and the paths below it; `*` stands for one segment, `**` for any.
 */
export function matchesLocation(locations: readonly string[], pathname: string): boolean {
  if (locations.length === 0) return true;
  const path = pathname.split(/[?#]/)[0] || '/';
  return locations.some((p) => p.trim() !== '' && patternToRegExp(p.trim()).test(path));
}

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
