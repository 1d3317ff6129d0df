import { z } from 'zod';

/**
 * The guided Azure Backup set-up (platform §7: the calls under api/integration/azure). An admin
 * signs in with a Microsoft account (authorization code); the delegated token stays on the server
 * under `Session` and is never returned. Every call is POST with a JSON body; a refusal answers
 * the error envelope with `errorCode` and `errorMessage` ("Not valid Tokens" when the sign-in did
 * not give both tokens, or the session is gone).
 */

export const AZURE_NOT_VALID_TOKENS = 'Not valid Tokens';

const Guid = z.string().trim().min(1).max(100);
const Session = z.string().trim().min(1, AZURE_NOT_VALID_TOKENS).max(200);

/** Without `Code`: where to send the admin to sign in. With `Code` and `State`: redeems the sign-in. */
export const AzureVerifyBody = z.object({
  RedirectUri: z.string().url().max(2000),
  Code: z.string().max(8000).optional(),
  State: z.string().max(4000).optional(),
});
export type AzureVerifyBody = z.infer<typeof AzureVerifyBody>;

export interface AzureVerifyResponse {
  /** Set when no code was given: the Microsoft sign-in page to open. */
  SignInUrl?: string;
  /** Set once signed in: names the server-side delegated session for the next calls. */
  Session?: string;
  UserName?: string;
  ExpiresAt?: string;
}

export const AzureSessionBody = z.object({ Session });
export const AzureTenantBody = AzureSessionBody.extend({ TenantId: Guid });
export const AzureSubscriptionBody = AzureTenantBody.extend({ SubscriptionId: Guid });
export const AzureCreateAppBody = AzureTenantBody.extend({
  DisplayName: z.string().trim().min(1).max(120).optional(),
});
export const AzureVaultRef = z.object({
  ResourceGroup: z.string().trim().min(1).max(90),
  Name: z.string().trim().min(1).max(50),
});
export const AzureCreateKeyBody = AzureSubscriptionBody.extend({
  /** The application's object id (Graph `id`) and application (client) id. */
  ApplicationId: Guid,
  AppId: Guid,
  ServicePrincipalId: Guid.optional(),
  Vaults: z.array(AzureVaultRef).min(1, 'Choose at least one vault').max(50),
  /** The name of the source to save. */
  Name: z.string().trim().min(1, 'Name is required').max(200),
});
export type AzureCreateKeyBody = z.infer<typeof AzureCreateKeyBody>;

export interface AzureTenant {
  TenantId: string;
  DisplayName: string;
  DefaultDomain: string | null;
}
export interface AzureSubscriptionItem {
  SubscriptionId: string;
  DisplayName: string;
  State: string | null;
}
export interface AzureVaultItem {
  Id: string;
  Name: string;
  ResourceGroup: string;
  Location: string | null;
}
export interface AzureApplication {
  Id: string;
  AppId: string;
  DisplayName: string;
  ServicePrincipalId: string | null;
}
export interface AzureHelperError {
  errorCode: string;
  errorMessage: string;
}
