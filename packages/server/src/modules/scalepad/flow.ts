import { z } from 'zod';
import type { Secrets } from '../../platform/secrets.ts';

/**
 * A sign-in or sign-up started through the parent platform: state, nonce and PKCE verifier kept
 * in a sealed, HttpOnly cookie scoped to the parent-platform API, like the other sign-in flows.
 */
export const SCALEPAD_COOKIE = 'vigil_scalepad';
const COOKIE_PATH = '/api/scalepad';
const MAX_AGE_SECONDS = 600;
const CONTEXT = 'scalepad-sign-in-flow';

export const Intent = z.enum(['signin', 'signup']);
export type Intent = z.infer<typeof Intent>;

const Flow = z.object({
  intent: Intent,
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  startedAt: z.number(),
});
export type ScalePadFlow = z.infer<typeof Flow>;

export const sealFlow = (secrets: Secrets, flow: ScalePadFlow) => secrets.seal(JSON.stringify(flow), CONTEXT);

/** The flow, or null when the cookie is missing, forged, for the other intent or too old. */
export function openFlow(secrets: Secrets, sealed: string | undefined, intent: Intent, now = Date.now()) {
  if (!sealed) return null;
  const plain = secrets.open(sealed, CONTEXT);
  if (!plain) return null;
  let parsed;
  try {
    parsed = Flow.safeParse(JSON.parse(plain));
  } catch {
    return null;
  }
  if (!parsed.success || parsed.data.intent !== intent) return null;
  if (now - parsed.data.startedAt > MAX_AGE_SECONDS * 1000) return null;
  return parsed.data;
}

export function flowCookie(value: string, secure: boolean, maxAge = MAX_AGE_SECONDS): string {
  // Lax: the parent platform sends the browser back with a top-level GET.
  const parts = [`${SCALEPAD_COOKIE}=${value}`, `Path=${COOKIE_PATH}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Lax'];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}
