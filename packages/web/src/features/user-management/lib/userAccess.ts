import type { HubUser, UserTypeSuggestion } from '@vigil/contract';
import { formatDate, relativeTime } from '../../../lib/format';

const DAY = 86_400_000;

export const usersLabel = (n: number) => `${n} user${n === 1 ? '' : 's'}`;
export const daysLabel = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** What the Support access screen says about one row's access. */
export interface AccessState {
  tone: 'none' | 'live' | 'ending';
  text: string;
  detail: string | null;
}

/**
 * "No access", "Until 12/03/2026 09:00 AM" (with "in 6 days"), or "Until revoked"; a grant
 * ending within a day is marked as ending so the screen can show it in the warning colour.
 */
export function accessState(h: HubUser, now = Date.now()): AccessState {
  if (!h.HasAccess) return { tone: 'none', text: 'No access', detail: null };
  if (!h.ExpiresAt) return { tone: 'live', text: 'Until revoked', detail: null };
  const ends = Date.parse(h.ExpiresAt);
  return {
    tone: ends - now < DAY ? 'ending' : 'live',
    text: `Until ${formatDate(ends)}`,
    detail: relativeTime(ends, now),
  };
}

/** "Granted 11/26/2026 by Ada Admin" — or null when nothing is granted. */
export function grantedLine(h: HubUser): string | null {
  if (!h.HasAccess || !h.GrantedAt) return null;
  const by = h.GrantedBy ? ` by ${h.GrantedBy}` : '';
  const via = h.UserId !== null && h.AccessVia === 'all' ? ' to all platform staff' : '';
  return `Granted${via} ${formatDate(h.GrantedAt, 'MM/DD/yyyy')}${by}`;
}

/** Whether a row's own grant can be revoked (a row let in by the grant for everyone has none). */
export const canRevoke = (h: HubUser) => h.HasAccess && (h.UserId === null || h.AccessVia === 'own');

/** How many administrators hold their own grant, which revoking "all platform staff" also ends. */
export const ownGrants = (rows: readonly HubUser[]) =>
  rows.filter((h) => h.UserId !== null && h.AccessVia === 'own').length;

export interface MovePlan {
  toStandard: number[];
  toClient: number[];
}

/** Splits the selected suggestions by the list each user moves to (ids not suggested are ignored). */
export function planMoves(suggestions: readonly UserTypeSuggestion[], selected: ReadonlySet<number>): MovePlan {
  const plan: MovePlan = { toStandard: [], toClient: [] };
  for (const s of suggestions) {
    if (!selected.has(s.UserId)) continue;
    (s.SuggestedType === 'standard' ? plan.toStandard : plan.toClient).push(s.UserId);
  }
  return plan;
}

/** "2 users to staff users and 1 user to client users" — every count and destination of a plan. */
function moves(plan: MovePlan): string {
  return [
    plan.toStandard.length ? `${usersLabel(plan.toStandard.length)} to staff users` : '',
    plan.toClient.length ? `${usersLabel(plan.toClient.length)} to client users` : '',
  ]
    .filter(Boolean)
    .join(' and ');
}

/** The confirmation's question: "Move 2 users to staff users and 1 user to client users?" */
export function moveQuestion(plan: MovePlan): string {
  const what = moves(plan);
  return what ? `Move ${what}?` : 'Select at least one user';
}

/** The message after the move: "Moved 2 users to staff users and 1 user to client users". */
export const moveDone = (plan: MovePlan): string => `Moved ${moves(plan)}`;
