// What On Demand keeps for this tab: the chosen report and its filters (features §3.5).
import type { KeyValueStorage } from '../../../../lib/storage';

export const SELECTED_KEY = 'vigil.reporting.selected';

/** Session storage (features §3.5: report filters), when the browser allows it. */
export function sessionStore(): KeyValueStorage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}
