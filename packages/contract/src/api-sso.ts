import { z } from 'zod';
import { SSO_MESSAGE_TYPE, SSO_PROVIDERS } from './sso-names.ts';

export { SSO_MESSAGE_TYPE, SSO_POPUP, SSO_PROVIDER_NAMES } from './sso-names.ts';

/** The outside identity providers a user may sign in with (OpenID Connect). */
export const SsoProvider = z.enum(SSO_PROVIDERS);
export type SsoProvider = z.infer<typeof SsoProvider>;

/**
 * GET api/UserAuth/GetMsalSettings, GetAzureMsalSettings (Microsoft) and GetGoogleApiSettings:
 * whether the provider is configured and what the browser needs. Never a secret.
 */
export const SsoProviderSettings = z.object({
  Enabled: z.boolean(),
  Provider: SsoProvider,
  ClientId: z.string().nullable(),
  Authority: z.string().nullable(),
  RedirectUri: z.string().nullable(),
  /** Where the sign-in popup is opened (same origin as the app). */
  SignInUrl: z.string().nullable(),
});
export type SsoProviderSettings = z.infer<typeof SsoProviderSettings>;

/** The message the sign-in popup posts to the window that opened it (same origin only). */
export const SsoPopupResult = z.discriminatedUnion('outcome', [
  z.object({
    type: z.literal(SSO_MESSAGE_TYPE),
    outcome: z.literal('tokens'),
    provider: SsoProvider,
    accessToken: z.string(),
    refreshToken: z.string(),
  }),
  z.object({
    type: z.literal(SSO_MESSAGE_TYPE),
    outcome: z.literal('mfa'),
    provider: SsoProvider,
    mfaRequired: z.literal(true),
    mfaType: z.literal('totp'),
    challengeToken: z.string(),
    Message: z.string(),
  }),
  z.object({
    type: z.literal(SSO_MESSAGE_TYPE),
    outcome: z.literal('mfa-setup'),
    provider: SsoProvider,
    mfaSetupRequired: z.literal(true),
    mfaSetupToken: z.string(),
    Message: z.string(),
  }),
  z.object({
    type: z.literal(SSO_MESSAGE_TYPE),
    outcome: z.literal('error'),
    provider: SsoProvider.nullable(),
    Message: z.string(),
  }),
]);
export type SsoPopupResult = z.infer<typeof SsoPopupResult>;

/** Messages of the sign-in with an outside provider; the product's own wording. */
export const SsoMessages = {
  notConfigured: (name: string) => `${name} sign-in is not configured.`,
  noParameters: 'The sign-in window came back without any query or hash parameters.',
  flowExpired: 'The sign-in took too long or was started in another window. Start it again.',
  verificationFailed: 'The sign-in answer could not be verified. Start it again.',
  providerUnavailable: (name: string) => `${name} sign-in is not available right now. Try again in a few minutes.`,
  emailNotVerified: (name: string) => `Your ${name} account has no verified e-mail address.`,
  unknownEmail: (email: string) =>
    `No Vigil user has the e-mail address ${email}. Ask an administrator of your organisation to add you.`,
  linkedElsewhere: (name: string) =>
    `This Vigil user is already linked to another ${name} account. Sign in with that account or with your password.`,
  clientSsoOff: 'Single sign-on is not turned on for client users of your organisation. Sign in with your password.',
} as const;
