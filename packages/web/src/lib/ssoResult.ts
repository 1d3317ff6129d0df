// Reads what the sign-in popup posted. Loaded when the popup opens, so the sign-in page itself
// does not carry the schema library.
import { SSO_MESSAGE_TYPE, SsoPopupResult } from '@vigil/contract';

/** The popup's result, or null when the message is not one. */
export function parseSsoResult(data: unknown): SsoPopupResult | null {
  const parsed = SsoPopupResult.safeParse(data);
  return parsed.success && parsed.data.type === SSO_MESSAGE_TYPE ? parsed.data : null;
}
