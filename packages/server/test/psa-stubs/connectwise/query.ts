import type { RecordedRequest, StubReply } from '../base.ts';

export const err = (status: number, code: string, message: string, errors?: unknown[]): StubReply => ({
  status,
  body: errors ? { code, message, errors } : { code, message },
});

/** Reads a value of a `conditions` clause: numbers, booleans, null and quoted strings. */
function conditionValue(raw: string): unknown {
  const v = raw.trim();
  if (/^".*"$/.test(v) || /^'.*'$/.test(v)) return v.slice(1, -1);
  if (v === 'true' || v === 'false') return v === 'true';
  if (v === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  throw new Error(`Unsupported value ${v}`);
}

function fieldOf(row: unknown, path: string): unknown {
  return path
    .split('/')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), row);
}

/** The subset of the conditions grammar the stub understands: `a/b=v and c!=w`. */
function matchConditions(conditions: string | null): (row: unknown) => boolean {
  if (!conditions) return () => true;
  const clauses = conditions.split(/\s+and\s+/i).map((c) => {
    const m = /^\s*([A-Za-z_/]+)\s*(!=|=)\s*(.+?)\s*$/.exec(c);
    if (!m) throw new Error(`Unsupported condition ${c}`);
    return { path: m[1], op: m[2], value: conditionValue(m[3]) };
  });
  return (row) =>
    clauses.every(({ path, op, value }) => {
      const actual = fieldOf(row, path) ?? (typeof value === 'boolean' ? false : null);
      return op === '=' ? actual === value : actual !== value;
    });
}

function sortRows<T>(rows: T[], orderBy: string | null): T[] {
  if (!orderBy) return rows;
  const [field, dir] = orderBy.trim().split(/\s+/);
  const sign = dir?.toLowerCase() === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = fieldOf(a, field) as string | number;
    const y = fieldOf(b, field) as string | number;
    return (x < y ? -1 : x > y ? 1 : 0) * sign;
  });
}

/** A page of a list with the Link header Manage sends (next/last) when there are more pages. */
export function pagedList(maxPageSize: () => number, origin: () => string) {
  return (req: RecordedRequest, rows: unknown[]): StubReply => {
    let filtered: unknown[];
    try {
      filtered = sortRows(rows.filter(matchConditions(req.query.get('conditions'))), req.query.get('orderBy'));
    } catch (e) {
      return err(400, 'InvalidObject', `Invalid conditions: ${(e as Error).message}`);
    }
    const page = Math.max(1, Number(req.query.get('page') ?? 1) || 1);
    const asked = Number(req.query.get('pageSize') ?? 25) || 25;
    if (asked > 1000) return err(400, 'InvalidObject', 'pageSize may not exceed 1000');
    const size = Math.min(asked, maxPageSize());
    const last = Math.max(1, Math.ceil(filtered.length / size));
    const headers: Record<string, string> = {};
    if (page < last) {
      const link = (p: number) => {
        const q = new URLSearchParams(req.query);
        q.set('page', String(p));
        return `<${origin()}${req.path}?${q.toString()}>`;
      };
      headers.Link = `${link(page + 1)}; rel="next", ${link(last)}; rel="last"`;
    }
    return { body: filtered.slice((page - 1) * size, page * size), headers };
  };
}
