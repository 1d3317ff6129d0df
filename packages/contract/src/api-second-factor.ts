import { z } from 'zod';

/** The second factor a tenant asks of its users after the password. */
export const SecondFactorMethod = z.enum(['authenticator', 'duo']);
export type SecondFactorMethod = z.infer<typeof SecondFactorMethod>;

/** Duo Universal Prompt sends the browser back here (platform §2 `duo`). */
export const DUO_RETURN_PATH = '/page/duo';
/** Duo's client ids have 20 characters and its client secrets 40. */
export const DUO_CLIENT_ID_LENGTH = 20;
export const DUO_CLIENT_SECRET_LENGTH = 40;

/** `GET /api/tenants/second-factor`: never the Duo client secret, only whether one is kept. */
export const SecondFactorSettings = z.object({
  Method: SecondFactorMethod,
  DuoClientId: z.string().nullable(),
  DuoApiHost: z.string().nullable(),
  HasDuoClientSecret: z.boolean(),
});
export type SecondFactorSettings = z.infer<typeof SecondFactorSettings>;

const apiHost = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^[a-z0-9.-]+(:\d{1,5})?$/, 'The API hostname looks like api-xxxxxxxx.duosecurity.com');

/** `PUT /api/tenants/second-factor`: an empty or missing secret keeps the stored one. */
export const SecondFactorInput = z.object({
  Method: SecondFactorMethod,
  DuoClientId: z.string().trim().max(100).nullish(),
  DuoClientSecret: z.string().trim().max(200).nullish(),
  DuoApiHost: z.union([apiHost, z.literal('')]).nullish(),
});
export type SecondFactorInput = z.infer<typeof SecondFactorInput>;

/** The password was right and the tenant asks for Duo: the browser goes to `duoUrl`. */
export const DuoChallenge = z.object({
  duoRequired: z.literal(true),
  duoUrl: z.string(),
  /** Kept by the browser until Duo sends it back; proves the password step. */
  challengeToken: z.string(),
  Message: z.string(),
});
export type DuoChallenge = z.infer<typeof DuoChallenge>;

/** `POST /api/UserAuth/duo`: what Duo sent the browser back with, and the challenge token. */
export const DuoLogin = z.object({
  state: z.string().max(1024).optional(),
  duo_code: z.string().max(4096).optional(),
  challengeToken: z.string().min(10).max(4096),
});
export type DuoLogin = z.infer<typeof DuoLogin>;

export const DuoMessages = {
  required: 'Confirm the sign-in with Duo.',
  stateMismatch: 'The Duo answer does not belong to this sign-in. Sign in again.',
  failed: 'Duo did not confirm the sign-in. Sign in again.',
  unavailable: 'Duo is not available right now. Try again in a few minutes, or ask your administrator.',
  notRequired: 'Your organisation no longer asks for Duo. Sign in again.',
  clientIdLength: `A Duo client ID has ${DUO_CLIENT_ID_LENGTH} characters.`,
  clientSecretLength: `A Duo client secret has ${DUO_CLIENT_SECRET_LENGTH} characters.`,
  apiHostRequired: 'Enter the API hostname of your Duo application.',
  unreachable: (detail: string) => `Duo did not accept these settings: ${detail}`,
} as const;
