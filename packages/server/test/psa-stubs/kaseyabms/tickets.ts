import type { RecordedRequest, StubReply, StubRoute } from '../base.ts';
import { fail, ok } from './reply.ts';
import type { BmsStubNote, BmsStubTicket, KaseyaBmsStubState } from './state.ts';

/** Service desk tickets and their notes: creation checked as BMS checks it, JSON Patch updates, notes. */
export function kaseyaBmsTicketRoutes(
  state: KaseyaBmsStubState,
  paged: (req: RecordedRequest, rows: unknown[], withTotal: boolean) => StubReply,
): StubRoute[] {
  const now = () => new Date().toISOString();
  const ticket = (id: string) => state.tickets.find((t) => t.Id === Number(id));
  const noTicket = () => fail(404, 'Ticket not found.');

  const setStatus = (t: BmsStubTicket, statusId: number): StubReply | null => {
    const s = state.statuses.find((x) => x.Id === statusId && x.IsActive !== false);
    if (!s) return fail(400, 'Validation failed.', [`Status ${statusId} does not exist.`]);
    t.StatusId = s.Id;
    t.StatusName = s.Name;
    t.CompletedDate = s.Closed ? now() : null;
    t.statusHistory.push(s.Id);
    return null;
  };
  const view = (t: BmsStubTicket) => {
    const { notes: _notes, statusHistory: _history, ...rest } = t;
    return rest;
  };

  const createTicket = (req: RecordedRequest): StubReply => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const problems: string[] = [];
    const n = (k: string) => (typeof b[k] === 'number' ? (b[k] as number) : null);
    for (const k of ['Title', 'Details'])
      if (typeof b[k] !== 'string' || !(b[k] as string).trim()) problems.push(`${k} is required.`);
    if (typeof b.OpenDate !== 'string' || Number.isNaN(Date.parse(b.OpenDate))) problems.push('OpenDate is required.');
    const account = state.accounts.find((a) => a.Id === n('AccountId'));
    if (!account) problems.push(`Account ${String(b.AccountId)} does not exist.`);
    const location = account?.Locations.find((l) => l.Id === n('LocationId'));
    if (account && !location) problems.push(`Location ${String(b.LocationId)} does not belong to the account.`);
    const status = state.statuses.find((s) => s.Id === n('StatusId') && s.IsActive !== false);
    if (!status) problems.push(`Status ${String(b.StatusId)} does not exist.`);
    if (!state.priorities.some((p) => p.Id === n('PriorityId')))
      problems.push(`Priority ${String(b.PriorityId)} does not exist.`);
    if (!(state.tables.tickettypes ?? []).some((t) => t.Id === n('TypeId')))
      problems.push(`Ticket type ${String(b.TypeId)} does not exist.`);
    if (n('SourceId') === null) problems.push('SourceId is required.');
    if (b.QueueId !== undefined && !state.queues.some((q) => q.Id === n('QueueId')))
      problems.push(`Queue ${String(b.QueueId)} does not exist.`);
    const issue = b.IssueTypeId === undefined ? null : state.issueTypes.find((i) => i.Id === n('IssueTypeId'));
    if (issue === undefined) problems.push(`Issue type ${String(b.IssueTypeId)} does not exist.`);
    if (b.SubIssueTypeId !== undefined && !issue?.subTypes.some((s) => s.Id === n('SubIssueTypeId'))) {
      problems.push(`Sub-issue type ${String(b.SubIssueTypeId)} does not belong to the issue type.`);
    }
    if (problems.length || !account || !location || !status) return fail(400, 'Validation failed.', problems);
    const id = state.nextTicketId++;
    const t: BmsStubTicket = {
      Id: id,
      TicketNumber: `T20261123.${String(id).padStart(4, '0')}`,
      Title: b.Title as string,
      Details: b.Details as string,
      AccountId: account.Id,
      AccountName: account.AccountName,
      LocationId: location.Id,
      QueueId: n('QueueId'),
      StatusId: status.Id,
      StatusName: status.Name,
      PriorityId: n('PriorityId') as number,
      TypeId: n('TypeId') as number,
      IssueTypeId: n('IssueTypeId'),
      SubIssueTypeId: n('SubIssueTypeId'),
      SourceId: n('SourceId') as number,
      OpenDate: b.OpenDate as string,
      CreatedOn: now(),
      CompletedDate: status.Closed ? now() : null,
      notes: [],
      statusHistory: [status.Id],
    };
    state.tickets.push(t);
    return ok(view(t));
  };

  const addNote = (req: RecordedRequest, id: string): StubReply => {
    const t = ticket(id);
    if (!t) return noTicket();
    const b = (req.body ?? {}) as Record<string, unknown>;
    const problems: string[] = [];
    if (typeof b.Details !== 'string' || !b.Details.trim()) problems.push('Details is required.');
    if (typeof b.IsInternal !== 'boolean') problems.push('IsInternal is required.');
    if (typeof b.TypeId !== 'number') problems.push('TypeId is required.');
    if (typeof b.NoteDate !== 'string') problems.push('NoteDate is required.');
    if (problems.length) return fail(400, 'Validation failed.', problems);
    const note: BmsStubNote = {
      Id: state.nextNoteId++,
      Details: b.Details as string,
      IsInternal: b.IsInternal as boolean,
      TypeId: b.TypeId as number,
      NoteDate: b.NoteDate as string,
      CreatedOn: now(),
      CreatedByName: 'Vigil API',
    };
    t.notes.push(note);
    return ok(note);
  };

  const patchTicket = (req: RecordedRequest, id: string): StubReply => {
    const t = ticket(id);
    if (!t) return noTicket();
    if (!Array.isArray(req.body)) return fail(400, 'A JSON Patch document is expected.');
    for (const op of req.body as { op?: string; path?: string; value?: unknown }[]) {
      if (op.op !== 'replace') return fail(400, `Operation ${String(op.op)} is not supported.`);
      if (op.path?.toLowerCase() === '/statusid') {
        const bad = setStatus(t, Number(op.value));
        if (bad) return bad;
      } else if (op.path?.toLowerCase() === '/title' && typeof op.value === 'string') t.Title = op.value;
      else return fail(400, `Path ${String(op.path)} cannot be patched.`);
    }
    return ok(view(t));
  };

  return [
    { method: 'POST', pattern: '/v2/servicedesk/tickets', handler: createTicket },
    {
      method: 'GET',
      pattern: '/v2/servicedesk/tickets/:id',
      handler: (_req, p) => {
        const t = ticket(p.id);
        return t ? ok(view(t)) : noTicket();
      },
    },
    { method: 'PATCH', pattern: '/v2/servicedesk/tickets/:id', handler: (req, p) => patchTicket(req, p.id) },
    {
      method: 'GET',
      pattern: '/v2/servicedesk/tickets/:id/notes',
      handler: (req, p) => {
        const t = ticket(p.id);
        return t ? paged(req, t.notes, false) : noTicket();
      },
    },
    { method: 'POST', pattern: '/v2/servicedesk/tickets/:id/notes', handler: (req, p) => addNote(req, p.id) },
  ];
}
