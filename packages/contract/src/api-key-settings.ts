// API keys of a tenant (Settings → API Keys): limits, messages, list and create.
import { z } from 'zod';

/** The request header that carries a key. */
export const API_KEY_HEADER = 'ApiKey';
/** Every key starts with this, so a leaked key is recognisable in logs and secret scanners. */
export const API_KEY_PREFIX = 'vgl_';
/** How many characters of a key are kept in clear and listed, to tell keys apart. */
export const API_KEY_VISIBLE_CHARS = 12;
/** Keys a tenant may hold at once. */
export const MAX_API_KEYS = 50;
/** Requests a key may make in a minute. */
export const PUBLIC_API_RATE_LIMIT = 120;
/** The largest page the public API returns. */
export const PUBLIC_API_MAX_PAGE_SIZE = 1000;
/** Days the key list sums usage over. */
export const API_KEY_USAGE_DAYS = 30;

export const ApiKeyMessages = {
  missing: `An API key is required in the ${API_KEY_HEADER} header.`,
  invalid: 'The API key is not valid. It may have been deleted.',
  tooMany: (seconds: number) =>
    `Rate limit exceeded: at most ${PUBLIC_API_RATE_LIMIT} requests a minute per API key. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  limitReached: `A tenant can hold at most ${MAX_API_KEYS} API keys. Delete one that is no longer used.`,
  nameTaken: (name: string) => `An API key named "${name}" already exists.`,
  /** Results: instants, To exclusive (a day as To ends where the next day starts). */
  instantOrder: 'From must be earlier than To.',
  /** Daily history: days, both included. */
  dayOrder: 'From must not be after To.',
} as const;

export const ApiKeyName = z
  .string()
  .trim()
  .min(1, 'Name is a required field')
  .max(100, 'Name must be at most 100 characters');

/** `POST api/account/api-key`. */
export const ApiKeyInput = z.object({ Name: ApiKeyName });
export type ApiKeyInput = z.infer<typeof ApiKeyInput>;

/** A key as the list shows it: never the key itself. */
export const ApiKeyItem = z.object({
  Id: z.number().int(),
  Name: z.string(),
  /** The first characters of the key, e.g. "vgl_3kP9xQ2m". */
  Prefix: z.string(),
  CreatedAt: z.string(),
  /** Who created it; null once that user is gone. */
  CreatedBy: z.string().nullable(),
  LastUsedAt: z.string().nullable(),
  /** Requests and rows served over the last 30 UTC days, today included. */
  RecentRequests: z.number().int(),
  RecentRows: z.number().int(),
});
export type ApiKeyItem = z.infer<typeof ApiKeyItem>;

/** The create answer: the only time the full key is ever returned. */
export const ApiKeyCreated = ApiKeyItem.extend({ Key: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;
