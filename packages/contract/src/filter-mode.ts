import { z } from 'zod';

/**
 * Filters with an "all" / "specific" mode and include/exclude checks (features §5.4): "specific"
 * needs at least one included item, and no item may be both included and excluded. This is the
 * one place the rule lives; the web forms and the server both call `modeFilterErrors`.
 */
export const FilterMode = z.enum(['all', 'specific']);
export type FilterMode = z.infer<typeof FilterMode>;

export const FilterModeMessages = {
  selectAtLeastOne: (entity: string) => `Please select at least one ${entity}`,
  unique: 'Filters must be unique. Please remove any duplicates.',
} as const;

export interface ModeFilter<T extends string | number> {
  Mode: FilterMode;
  Include: readonly T[];
  Exclude: readonly T[];
}

/** The field of a mode filter an error belongs to, and its message. */
export interface ModeFilterError {
  Field: 'Include' | 'Exclude';
  Message: string;
}

const key = (v: string | number) => (typeof v === 'string' ? v.trim().toLowerCase() : v);

/** The items both included and excluded (strings compare without case and outer spaces). */
export function modeFilterOverlap<T extends string | number>(f: Pick<ModeFilter<T>, 'Include' | 'Exclude'>): T[] {
  const excluded = new Set(f.Exclude.map(key));
  return f.Include.filter((v) => excluded.has(key(v)));
}

/** Features §5.4 for one filter; `entity` names an item ("company", "tag", "vendor"). */
export function modeFilterErrors<T extends string | number>(f: ModeFilter<T>, entity: string): ModeFilterError[] {
  const errors: ModeFilterError[] = [];
  if (f.Mode === 'specific' && f.Include.length === 0)
    errors.push({ Field: 'Include', Message: FilterModeMessages.selectAtLeastOne(entity) });
  if (modeFilterOverlap(f).length) errors.push({ Field: 'Exclude', Message: FilterModeMessages.unique });
  return errors;
}

/** Whether a value passes the filter: excluded never; in "specific" mode only when included. */
export function modeFilterPasses<T extends string | number>(f: ModeFilter<T>, values: readonly T[]): boolean {
  const keys = values.map(key);
  const excluded = new Set(f.Exclude.map(key));
  if (keys.some((k) => excluded.has(k))) return false;
  if (f.Mode === 'all') return true;
  const included = new Set(f.Include.map(key));
  return keys.some((k) => included.has(k));
}
