import type { RecordedRequest, StubReply, StubRoute } from '../base.ts';
import { err } from './query.ts';
import { boardOf, type ConnectWiseStubState, type CwRef, type CwStubNote, type CwStubTicket } from './state.ts';

/** Service tickets and their notes: creation checked as Manage checks it, JSON Patch updates, notes. */
export function connectWiseTicketRoutes(
  state: ConnectWiseStubState,
  a: string,
  paged: (req: RecordedRequest, rows: unknown[]) => StubReply,
): StubRoute[] {
  const board = (id: string) => boardOf(state, id);
  const ticket = (id: string) => state.tickets.find((t) => t.id === Number(id));
  const noTicket = (id: string) => err(404, 'NotFound', `Ticket with id ${id} not found`);
  const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

  const addNote = (t: CwStubTicket, b: Record<string, unknown>): CwStubNote => {
    const note: CwStubNote = {
      id: state.nextNoteId++,
      ticketId: t.id,
      text: String(b.text ?? ''),
      detailDescriptionFlag: !!b.detailDescriptionFlag,
      internalAnalysisFlag: !!b.internalAnalysisFlag,
      resolutionFlag: !!b.resolutionFlag,
      dateCreated: now(),
      createdBy: 'VigilAPI',
    };
    t.notes.push(note);
    return note;
  };
  const setStatus = (t: CwStubTicket, statusId: number): StubReply | null => {
    const s = board(String(t.board.id))?.statuses.find((x) => x.id === statusId);
    if (!s) {
      return err(400, 'InvalidObject', 'ticket object is invalid', [
        {
          code: 'InvalidObject',
          message: `Status ${statusId} is not a status of board ${t.board.name}`,
          resource: 'ticket',
          field: 'status',
        },
      ]);
    }
    t.status = { id: s.id, name: s.name };
    t.closedFlag = s.closedStatus;
    t.closedDate = s.closedStatus ? now() : null;
    t.statusHistory.push(s.id);
    return null;
  };

  const createTicket = (req: RecordedRequest): StubReply => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const refId = (k: string) => (b[k] && typeof b[k] === 'object' ? Number((b[k] as { id?: unknown }).id) : null);
    const errors: { code: string; message: string; resource: string; field: string }[] = [];
    const problem = (field: string, message: string, code = 'InvalidObject') =>
      errors.push({ code, message, resource: 'ticket', field });
    const summary = typeof b.summary === 'string' ? b.summary : '';
    if (!summary.trim()) problem('summary', 'summary may not be empty', 'NullOrEmpty');
    else if (summary.length > 100) problem('summary', 'summary may not exceed 100 characters');
    const company = state.companies.find((c) => c.id === refId('company') && !c.deletedFlag);
    if (!company) problem('company', 'Company not found');
    const boardRef = b.board as { id?: number; name?: string } | undefined;
    const bd = boardRef?.id
      ? board(String(boardRef.id))
      : state.boards.find((x) => x.name.toLowerCase() === String(boardRef?.name ?? '').toLowerCase());
    if (!bd) problem('board', 'Board not found');
    const statusId = refId('status');
    const status =
      bd && (statusId ? bd.statuses.find((s) => s.id === statusId) : bd.statuses.find((s) => s.defaultFlag));
    if (bd && !status) problem('status', `Status ${statusId} is not a status of board ${bd.name}`);
    const priorityId = refId('priority');
    const priority = priorityId
      ? state.priorities.find((p) => p.id === priorityId)
      : state.priorities.find((p) => p.defaultFlag);
    if (!priority) problem('priority', 'Priority not found');
    const pick = (k: string, list: CwRef[] | undefined) => {
      const id = refId(k);
      if (id === null) return null;
      const hit = list?.find((x) => x.id === id);
      if (!hit) problem(k, `${k} ${id} not found`);
      return hit ? { id: hit.id, name: hit.name } : null;
    };
    const type = pick('type', bd?.types);
    const subType = pick('subType', bd?.subtypes);
    const item = pick('item', bd?.items);
    const source = pick('source', state.sources);
    if (errors.length || !company || !bd || !status || !priority) {
      return err(400, 'InvalidObject', 'ticket object is invalid', errors);
    }
    const t: CwStubTicket = {
      id: state.nextTicketId++,
      summary,
      recordType: String(b.recordType ?? 'ServiceTicket'),
      board: { id: bd.id, name: bd.name },
      company: { id: company.id, identifier: company.identifier, name: company.name },
      status: { id: status.id, name: status.name },
      priority: { id: priority.id, name: priority.name },
      type,
      subType,
      item,
      source,
      closedFlag: status.closedStatus,
      dateEntered: now(),
      closedDate: null,
      notes: [],
      statusHistory: [status.id],
    };
    // Manage turns the initial description and analysis into the ticket's first notes.
    if (typeof b.initialDescription === 'string' && b.initialDescription) {
      addNote(t, { text: b.initialDescription, detailDescriptionFlag: true });
    }
    if (typeof b.initialInternalAnalysis === 'string' && b.initialInternalAnalysis) {
      addNote(t, { text: b.initialInternalAnalysis, internalAnalysisFlag: true });
    }
    state.tickets.push(t);
    return { status: 201, body: view(t) };
  };
  const view = (t: CwStubTicket) => {
    const { notes: _notes, statusHistory: _history, ...rest } = t;
    return { ...rest, _info: { dateEntered: t.dateEntered } };
  };

  const patchTicket = (req: RecordedRequest, id: string): StubReply => {
    const t = ticket(id);
    if (!t) return noTicket(id);
    if (!Array.isArray(req.body)) return err(400, 'InvalidObject', 'A JSON Patch array is expected');
    for (const op of req.body as { op?: string; path?: string; value?: unknown }[]) {
      const path = String(op.path ?? '').replace(/^\//, '');
      if (op.op !== 'replace') return err(400, 'InvalidObject', `Unsupported operation ${op.op}`);
      if (path === 'status' || path === 'status/id') {
        const v = path === 'status' ? Number((op.value as { id?: unknown })?.id) : Number(op.value);
        const bad = setStatus(t, v);
        if (bad) return bad;
      } else if (path === 'summary' && typeof op.value === 'string') t.summary = op.value;
      else return err(400, 'InvalidObject', `Cannot patch ${path}`);
    }
    return { body: view(t) };
  };

  return [
    { method: 'POST', pattern: `${a}/service/tickets`, handler: createTicket },
    {
      method: 'GET',
      pattern: `${a}/service/tickets/:id`,
      handler: (_req: RecordedRequest, p: Record<string, string>): StubReply => {
        const t = ticket(p.id);
        return t ? { body: view(t) } : noTicket(p.id);
      },
    },
    {
      method: 'PATCH',
      pattern: `${a}/service/tickets/:id`,
      handler: (req: RecordedRequest, p: Record<string, string>) => patchTicket(req, p.id),
    },
    {
      method: 'GET',
      pattern: `${a}/service/tickets/:id/notes`,
      handler: (req: RecordedRequest, p: Record<string, string>): StubReply => {
        const t = ticket(p.id);
        return t ? paged(req, t.notes) : noTicket(p.id);
      },
    },
    {
      method: 'POST',
      pattern: `${a}/service/tickets/:id/notes`,
      handler: (req: RecordedRequest, p: Record<string, string>): StubReply => {
        const t = ticket(p.id);
        if (!t) return noTicket(p.id);
        const b = (req.body ?? {}) as Record<string, unknown>;
        if (typeof b.text !== 'string' || !b.text.trim()) {
          return err(400, 'InvalidObject', 'serviceNote object is invalid', [
            { code: 'NullOrEmpty', message: 'text may not be empty', resource: 'serviceNote', field: 'text' },
          ]);
        }
        if (!b.detailDescriptionFlag && !b.internalAnalysisFlag && !b.resolutionFlag) {
          return err(400, 'InvalidObject', 'serviceNote object is invalid', [
            {
              code: 'InvalidObject',
              message: 'At least one note flag must be set',
              resource: 'serviceNote',
              field: 'detailDescriptionFlag',
            },
          ]);
        }
        return { status: 201, body: addNote(t, b) };
      },
    },
  ];
}
