import { describeScheduleRule, ScheduleRule } from '@vigil/contract';

/**
 * The values of an activity log line side by side: one row per field found before or after,
 * changed fields first. Values are shown as text: a schedule rule as its sentence, lists joined
 * with commas, other nested objects as compact JSON.
 */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

export const NO_VALUE = '-';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function valueText(v: unknown): string {
  if (v === undefined || v === null || v === '') return NO_VALUE;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const rule = ScheduleRule.safeParse(v);
  if (rule.success) return describeScheduleRule(rule.data);
  if (Array.isArray(v))
    return v.length
      ? v.map((x) => (isRecord(x) || Array.isArray(x) ? JSON.stringify(x) : valueText(x))).join(', ')
      : NO_VALUE;
  return JSON.stringify(v);
}

/** "BackupCount" → "Backup count". */
export function fieldLabel(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

/** A record of values; a lone value becomes `{ Value }`. */
function asRecord(v: unknown): Record<string, unknown> {
  return isRecord(v) ? v : v === null || v === undefined ? {} : { Value: v };
}

export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const b = asRecord(before);
  const a = asRecord(after);
  // A schedule's Rule already reads as its sentence: its Description would say it twice.
  const hasRule = 'Rule' in b || 'Rule' in a;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !(hasRule && k === 'Description'));
  const rows = keys.map((k) => {
    const bt = k in b ? valueText(b[k]) : NO_VALUE;
    const at = k in a ? valueText(a[k]) : NO_VALUE;
    return { field: k, before: bt, after: at, changed: bt !== at };
  });
  return [...rows.filter((r) => r.changed), ...rows.filter((r) => !r.changed)];
}
