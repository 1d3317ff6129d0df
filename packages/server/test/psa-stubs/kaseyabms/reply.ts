import type { RecordedRequest, StubReply } from '../base.ts';
import type { KaseyaBmsStubState } from './state.ts';

/** Every BMS answer is wrapped in `{Success, Error, Result}`. */
export const ok = (Result: unknown, extra: Record<string, unknown> = {}): StubReply => ({
  body: { Success: true, Error: null, Result, ...extra },
});
export const fail = (status: number, Message: string, SubErrors: string[] | null = null): StubReply => ({
  status,
  body: { Success: false, Error: { Code: status, Message, Details: null, StackStrace: null, SubErrors }, Result: null },
});

/** A PageSize/PageNumber page with TotalRecords. */
export function pagedList(state: KaseyaBmsStubState) {
  return (req: RecordedRequest, rows: unknown[], withTotal: boolean): StubReply => {
    const size = Math.min(Number(req.query.get('PageSize') ?? 25) || 25, state.maxPageSize);
    const page = Math.max(1, Number(req.query.get('PageNumber') ?? 1) || 1);
    const slice = rows.slice((page - 1) * size, page * size);
    return ok(slice, withTotal ? { TotalRecords: rows.length } : {});
  };
}
