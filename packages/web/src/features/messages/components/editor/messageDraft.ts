// The message editor's draft: from a stored message, and to the body the API takes.
import { MessageSeverity, type AppMessage } from '@vigil/contract';

export interface Draft {
  Severity: number;
  Text: string;
  IsDismissible: boolean;
  IsActive: boolean;
  Locations: string[];
  StartsAt: string;
  EndsAt: string;
}

/** `datetime-local` values are local wall-clock times; the API takes ISO instants. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (v: string) => (v ? new Date(v).toISOString() : null);

export const draftOf = (m: AppMessage | null): Draft => ({
  Severity: m?.Severity ?? MessageSeverity.Info,
  Text: m?.Text ?? '',
  IsDismissible: m?.IsDismissible ?? true,
  IsActive: m?.IsActive ?? true,
  Locations: m?.Locations ?? [],
  StartsAt: toLocalInput(m?.StartsAt ?? null),
  EndsAt: toLocalInput(m?.EndsAt ?? null),
});

/** Sets one field of the draft and clears its error. */
export type SetDraft = <K extends keyof Draft>(key: K, value: Draft[K]) => void;

/** The draft as the API takes it; a location still being typed counts as added. */
export function draftBody(draft: Draft, pendingLocation: string) {
  const locations = [...draft.Locations];
  const typed = pendingLocation.trim();
  if (typed && !locations.includes(typed)) locations.push(typed);
  return {
    Severity: draft.Severity,
    Text: draft.Text,
    IsDismissible: draft.IsDismissible,
    IsActive: draft.IsActive,
    Locations: locations,
    StartsAt: fromLocalInput(draft.StartsAt),
    EndsAt: fromLocalInput(draft.EndsAt),
  };
}
