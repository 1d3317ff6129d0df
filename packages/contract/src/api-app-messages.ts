// App messages (`api/messages`): fields, create, update, the message and its queries.
import { z } from 'zod';

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
