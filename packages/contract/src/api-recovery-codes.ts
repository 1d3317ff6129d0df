import { z } from 'zod';

/** How many one-time recovery codes a user holds after enrolling an authenticator or regenerating them. */
export const RECOVERY_CODE_COUNT = 10;

/** A recovery code as shown: two groups of five lower-case letters and digits, e.g. `k7m2p-x9q4t`. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-?[a-z0-9]{5}$/;

/** `GET /api/user/mfa/recovery-codes`: how many unused codes the signed-in user has left. */
export const RecoveryCodesStatus = z.object({
  Enabled: z.boolean(),
  Left: z.number().int(),
  Total: z.number().int(),
});
export type RecoveryCodesStatus = z.infer<typeof RecoveryCodesStatus>;

/** `POST /api/user/mfa/recovery-codes/regenerate`: the current password proves it is the user. */
export const RecoveryCodesRegenerate = z.object({ Password: z.string().min(1).max(1024) });

/** New codes, shown this once: only their hashes are stored. */
export const RecoveryCodesIssued = z.object({
  RecoveryCodes: z.array(z.string()),
  Left: z.number().int(),
  Total: z.number().int(),
});
export type RecoveryCodesIssued = z.infer<typeof RecoveryCodesIssued>;

export const RecoveryCodeMessages = {
  invalid: 'The recovery code is not valid or was already used.',
  notEnabled: 'Turn on multi-factor authentication first: recovery codes come with an authenticator.',
  wrongPassword: 'The password is not correct.',
} as const;
