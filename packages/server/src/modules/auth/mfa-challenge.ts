import { MFA_SETUP_TTL_MINUTES, MfaSetupMessages, type MfaSetupChallenge } from '@vigil/contract';
import type { TokenService } from '../../platform/auth/tokens.ts';

/** The answer to a right password when an administrator requires two-factor sign-in that is not set up yet. */
export async function mfaSetupChallenge(tokens: TokenService, userId: number): Promise<MfaSetupChallenge> {
  return {
    mfaSetupRequired: true,
    mfaSetupToken: await tokens.signMfaSetup(userId, MFA_SETUP_TTL_MINUTES * 60),
    Message: MfaSetupMessages.required,
  };
}
