import { z } from 'zod';
import { RECOVERY_CODE_PATTERN } from './api-recovery-codes.ts';
import { DuoChallenge } from './api-second-factor.ts';

/** Sign-in payload of platform §3: credentials, or an MFA step, or an identity-provider token. */
export const CredentialsLogin = z.object({
  UserName: z.string().trim().min(1).max(320),
  Password: z.string().min(1).max(1024),
});
export const MfaLogin = z.object({
  mfaType: z.literal('totp'),
  /** The six-digit code from the authenticator app. */
  mfaToken: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code has six digits'),
  /** Handed out by the credentials step; proves the password was right. */
  challengeToken: z.string().min(10).max(4096),
});
export const TokenLogin = z.object({
  tokenType: z.enum(['microsoft', 'google']),
  token: z.string().min(1).max(16384),
});
/** Sign-in with a recovery code in place of the authenticator's code (each code works once). */
export const RecoveryCodeLogin = z.object({
  mfaType: z.literal('recovery'),
  mfaToken: z
    .string()
    .trim()
    .toLowerCase()
    .regex(RECOVERY_CODE_PATTERN, 'A recovery code has ten letters and digits, like k7m2p-x9q4t'),
  challengeToken: z.string().min(10).max(4096),
});

export const LoginRequest = z.union([CredentialsLogin, MfaLogin, RecoveryCodeLogin, TokenLogin]);
export type LoginRequest = z.infer<typeof LoginRequest>;

export const TokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof TokenPair>;
/** The set-up step of sign-in finished: the session and the new recovery codes, shown this once. */
export const MfaSetupDone = TokenPair.extend({ RecoveryCodes: z.array(z.string()) });
export type MfaSetupDone = z.infer<typeof MfaSetupDone>;

export const MfaChallenge = z.object({
  mfaRequired: z.literal(true),
  mfaType: z.literal('totp'),
  challengeToken: z.string(),
  Message: z.string(),
});
export type MfaChallenge = z.infer<typeof MfaChallenge>;
/**
 * The password was right but an administrator requires two-factor sign-in and the user has no
 * authenticator yet: no session until one is set up with the short-lived `mfaSetupToken`
 * (`/api/user/mfa/{get,regenerate,update}/public`).
 */
export const MfaSetupChallenge = z.object({
  mfaSetupRequired: z.literal(true),
  mfaSetupToken: z.string(),
  Message: z.string(),
});
export type MfaSetupChallenge = z.infer<typeof MfaSetupChallenge>;
export const LoginResponse = z.union([TokenPair, MfaChallenge, MfaSetupChallenge, DuoChallenge]);
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RefreshRequest = z.object({
  accessToken: z.string().max(8192).optional(),
  refreshToken: z.string().min(10).max(512),
});

/**
 * Claims carried by the access token: the stored-auth fields of platform §3.
 * `sub` is the user id; impersonation adds the i* fields of the admin behind the session.
 */
export interface AccessClaims {
  userId: number;
  userName: string;
  userFirstName: string;
  userLastName: string;
  userUnifiedId: string;
  tenantId: number | null;
  tenantUnifiedId: string | null;
  privileges: number;
  subscription: string;
  isCompanyRestricted: boolean;
  impersonation: boolean;
  /** The user's token version when issued; the guard refuses a token older than the user's row. */
  tokenVersion: number;
  /** The refresh-token family of the session; the token dies with the family (logout, revocation). */
  sessionId: string;
  iUserId?: number;
  iUserName?: string;
  iPrivileges?: number;
  iTenantId?: number | null;
  exp: number;
  nbf: number;
}

export const AuthorizedUser = z.object({
  UserId: z.number().int(),
  UserName: z.string(),
  Permissions: z.record(z.string(), z.boolean()),
  HasCompaniesRestrictions: z.boolean(),
  HasAlertRadar: z.boolean(),
  HasAuditBackups: z.boolean(),
});
export type AuthorizedUser = z.infer<typeof AuthorizedUser>;

export const Profile = z.object({
  UserId: z.number().int(),
  Email: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Level: z.string(),
  Privileges: z.number().int(),
  TenantId: z.number().int().nullable(),
  TenantName: z.string().nullable(),
  MfaEnabled: z.boolean(),
  CreatedAt: z.string(),
});
export type Profile = z.infer<typeof Profile>;

export const ProfileUpdate = z.object({
  FirstName: z.string().trim().min(1, 'First name is required').max(100),
  LastName: z.string().trim().min(1, 'Last name is required').max(100),
});

export const ChangePassword = z.object({
  OldPassword: z.string().min(1).max(1024),
  NewPassword: z.string().min(1).max(1024),
  ConfirmPassword: z.string().min(1).max(1024),
});

export const ResetPasswordRequest = z.object({ Email: z.string().trim().email().max(320) });
export const ValidateTokenRequest = z.object({ Token: z.string().min(10).max(512) });
export const SetPasswordRequest = z.object({
  Token: z.string().min(10).max(512),
  Password: z.string().min(1).max(1024),
  ConfirmPassword: z.string().min(1).max(1024),
});

export const MfaState = z.object({
  Enabled: z.boolean(),
  /** Present while MFA is being set up: the base32 secret and its otpauth:// URI. */
  Secret: z.string().optional(),
  OtpAuthUrl: z.string().optional(),
  /** Right after the authenticator was enrolled: the ten one-time recovery codes, shown this once. */
  RecoveryCodes: z.array(z.string()).optional(),
});
export type MfaState = z.infer<typeof MfaState>;
export const MfaUpdate = z.object({
  Code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code has six digits'),
});
export const MfaDisable = z.object({ Password: z.string().min(1).max(1024) });
