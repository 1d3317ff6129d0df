import type { StubReply } from '../base.ts';

export type Filter = { op: string; field?: string; value?: unknown; items?: Filter[] };

export function get(row: object, field: string): unknown {
  const key = Object.keys(row).find((k) => k.toLowerCase() === field.toLowerCase());
  return key ? (row as Record<string, unknown>)[key] : undefined;
}

/** The subset of Autotask's filter grammar the stub understands (enough for real clients). */
export function matches(row: object, f: Filter): boolean {
  const op = f.op.toLowerCase();
  if (op === 'and') return (f.items ?? []).every((i) => matches(row, i));
  if (op === 'or') return (f.items ?? []).some((i) => matches(row, i));
  const v = get(row, f.field ?? '');
  switch (op) {
    case 'eq':
      return String(v) === String(f.value);
    case 'noteq':
      return String(v) !== String(f.value);
    case 'gt':
      return Number(v) > Number(f.value);
    case 'gte':
      return Number(v) >= Number(f.value);
    case 'lt':
      return Number(v) < Number(f.value);
    case 'lte':
      return Number(v) <= Number(f.value);
    case 'in':
      return Array.isArray(f.value) && f.value.map(String).includes(String(v));
    case 'exist':
      return v !== undefined && v !== null;
    case 'notexist':
      return v === undefined || v === null;
    default:
      throw new Error(`Unsupported filter operation ${f.op}`);
  }
}

export const errors = (status: number, ...messages: string[]): StubReply => ({ status, body: { errors: messages } });
