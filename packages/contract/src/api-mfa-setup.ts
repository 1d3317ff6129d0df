import { z } from 'zod';

/** How long the set-up step of an administrator-required two-factor sign-in stays open. */
export const MFA_SETUP_TTL_MINUTES = 10;

/** Body of `POST /api/user/mfa/get/public` and `/mfa/regenerate/public`. */
export const MfaSetupTokenBody = z.object({ Token: z.string().min(10).max(4096) });
export type MfaSetupTokenBody = z.infer<typeof MfaSetupTokenBody>;

/** Body of `POST /api/user/mfa/update/public`: the token and the first code of the new authenticator. */
export const MfaSetupUpdate = MfaSetupTokenBody.extend({
  Code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code has six digits'),
});
export type MfaSetupUpdate = z.infer<typeof MfaSetupUpdate>;

export const MfaSetupMessages = {
  required: 'Your administrator requires two-factor sign-in. Set up an authenticator app to continue.',
  tokenInvalid: 'The two-factor set-up has expired or the link is not valid. Sign in again to continue.',
  alreadyDone: 'Two-factor sign-in is already set up for this account. Sign in again with your code.',
  wrongCode: 'That code does not match the authenticator set-up. Check the time on your phone and try the new code.',
  codeUsed: 'That code was already used. Wait for the next code from your authenticator app.',
  enabledEmailSubject: 'Two-factor sign-in is now required for your Vigil account',
} as const;
