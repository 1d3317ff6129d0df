// What the second sign-in step checks before calling the API: an authenticator code or a recovery code.
import { z } from 'zod';
import { RECOVERY_CODE_PATTERN } from '@vigil/contract';

export const CodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});
export const RecoveryCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .toLowerCase()
    .regex(RECOVERY_CODE_PATTERN, 'Enter one of your recovery codes, like k7m2p-x9q4t'),
});
export type Code = z.infer<typeof CodeSchema>;
