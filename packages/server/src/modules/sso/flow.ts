import { SsoProvider } from '@vigil/contract';
import { z } from 'zod';
import type { Secrets } from '../../platform/secrets.ts';

/**
 * What a sign-in started in this browser must be finished with (state, nonce, PKCE verifier),
 * kept in a sealed, HttpOnly cookie rather than in the process: whichever node answers the
 * callback can read it, and nothing is left behind when a sign-in is abandoned.
 */
export const FLOW_COOKIE = 'vigil_sso';
export const FLOW_COOKIE_PATH = '/api/auth/oidc';
export const FLOW_MAX_AGE_SECONDS = 600;
const CONTEXT = 'oidc-sign-in-flow';

const Flow = z.object({
  provider: SsoProvider,
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  startedAt: z.number(),
});
export type Flow = z.infer<typeof Flow>;

export function sealFlow(secrets: Secrets, flow: Flow): string {
  return secrets.seal(JSON.stringify(flow), CONTEXT);
}

/** The flow, or null when the cookie is missing, forged, for another provider or too old. */
export function openFlow(secrets: Secrets, sealed: string | undefined, provider: SsoProvider, now = Date.now()) {
  if (!sealed) return null;
  const plain = secrets.open(sealed, CONTEXT);
  if (!plain) return null;
  let parsed;
  try {
    parsed = Flow.safeParse(JSON.parse(plain));
  } catch {
    return null;
  }
  if (!parsed.success || parsed.data.provider !== provider) return null;
  if (now - parsed.data.startedAt > FLOW_MAX_AGE_SECONDS * 1000) return null;
  return parsed.data;
}

export function flowCookie(value: string, secure: boolean, maxAge = FLOW_MAX_AGE_SECONDS): string {
  // Lax: the provider sends the browser back with a top-level GET, which carries Lax cookies.
  const parts = [
    `${FLOW_COOKIE}=${value}`,
    `Path=${FLOW_COOKIE_PATH}`,
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
