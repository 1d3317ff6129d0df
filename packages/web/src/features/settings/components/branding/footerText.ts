// The report footer's longest length and the contract's check of it.
import { BrandingInput } from '@vigil/contract';

export const FOOTER_MAX = 200;

/** The contract's message for a footer text it refuses, or null when the text is fine. */
export function footerError(text: string): string | null {
  const r = BrandingInput.shape.FooterText.safeParse(text);
  return r.success ? null : (r.error.issues[0]?.message ?? 'Footer text is not valid');
}
