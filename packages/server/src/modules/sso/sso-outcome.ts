// How an SSO sign-in ends: the outcome posted to the popup, failures and the verified identity.
import { SSO_MESSAGE_TYPE, type SsoPopupResult, type SsoProvider } from '@vigil/contract';
import { users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

/** The messages of an error and its causes, and the claim a failed comparison was about. */
export function describeError(err: unknown): string {
  const parts: string[] = [];
  let claim: string | null = null;
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if (e instanceof Error) {
      if (!parts.includes(e.message)) parts.push(e.message);
      e = e.cause;
    } else {
      const c = (e as { claim?: unknown }).claim;
      if (typeof c === 'string') claim = c;
      break;
    }
  }
  return `${parts.join(': ')}${claim ? ` (${claim})` : ''}` || String(err);
}

/** How a sign-in ended: what the popup posts to the app, with the HTTP status of the page. */
export interface Outcome {
  status: number;
  result: SsoPopupResult;
}

export const failure = (status: number, provider: SsoProvider | null, Message: string): Outcome => ({
  status,
  result: { type: SSO_MESSAGE_TYPE, outcome: 'error', provider, Message },
});

/** The identity the provider vouched for, from the verified ID token (and UserInfo when needed). */
export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
}
