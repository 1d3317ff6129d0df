import { createHmac, timingSafeEqual } from 'node:crypto';

/** How old a signed webhook may be before it is refused as a replay (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Checks a `Stripe-Signature` header (`t=<unix seconds>,v1=<hex>[,v1=…]`): v1 is the HMAC-SHA256
 * of `<t>.<raw body>` keyed with the endpoint's signing secret. Any matching v1 passes; the
 * timestamp must be within the tolerance. Returns a reason when it fails.
 */
export function verifyStripeSignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  now: number = Date.now(),
): string | null {
  if (!header) return 'The Stripe-Signature header is missing.';
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [k, v] = part.split('=', 2).map((x) => x?.trim());
    if (k === 't' && v && /^\d+$/.test(v)) timestamp = Number(v);
    if (k === 'v1' && v) signatures.push(v);
  }
  if (timestamp === null || signatures.length === 0) return 'The Stripe-Signature header is malformed.';
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest();
  const match = signatures.some((s) => {
    if (!/^[0-9a-f]+$/i.test(s)) return false;
    const got = Buffer.from(s, 'hex');
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
  if (!match) return 'The webhook signature does not match.';
  if (Math.abs(now / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return 'The webhook timestamp is too old.';
  return null;
}
