import type { StubRoute } from '../base.ts';
import { errors } from './query.ts';
import type { AtStubNote, AutotaskStubState } from './state.ts';

/** Tickets and their notes: creation and updates checked against the picklists, as the API checks them. */
export function autotaskTicketRoutes(state: AutotaskStubState, root: string): StubRoute[] {
  let nextTicketId = 9001;
  let nextNoteId = 30001;

  const validPick = (entity: string, field: string, value: unknown) =>
    value === undefined ||
    value === null ||
    (state.picklists[entity]?.[field] ?? []).some((p) => p.isActive && p.value === String(value));

  const ticket = (id: string) => state.tickets.find((t) => String(t.id) === id);

  return [
    {
      method: 'GET',
      pattern: `${root}/Tickets/:id`,
      handler: (_r, p) => {
        const t = ticket(p.id);
        if (!t) return { body: { item: null } };
        const { notes: _n, statusHistory: _s, ...item } = t;
        return { body: { item } };
      },
    },
    {
      method: 'POST',
      pattern: `${root}/Tickets`,
      handler: (r) => {
        const b = (r.body ?? {}) as Record<string, unknown>;
        const missing = ['companyID', 'title', 'status', 'priority'].filter(
          (k) => b[k] === undefined || b[k] === null || b[k] === '',
        );
        if (missing.length) return errors(400, ...missing.map((k) => `${k} is required.`));
        if (!state.companies.some((c) => c.id === Number(b.companyID))) {
          return errors(400, `Reference value on field: companyID of type: Account does not exist or is invalid.`);
        }
        for (const f of [
          'queueID',
          'status',
          'priority',
          'issueType',
          'subIssueType',
          'source',
          'ticketType',
          'ticketCategory',
        ]) {
          if (!validPick('Tickets', f, b[f]))
            return errors(400, `Value ${String(b[f])} does not exist for picklist field ${f}.`);
        }
        if (String(b.title).length > 255)
          return errors(400, 'Value for field title exceeds its maximum length of 255.');
        const id = nextTicketId++;
        const n = (v: unknown) => (v === undefined || v === null ? null : Number(v));
        state.tickets.push({
          id,
          ticketNumber: `T20261123.${String(id).padStart(4, '0')}`,
          companyID: Number(b.companyID),
          title: String(b.title),
          description: String(b.description ?? ''),
          status: Number(b.status),
          priority: n(b.priority),
          queueID: n(b.queueID),
          issueType: n(b.issueType),
          subIssueType: n(b.subIssueType),
          source: n(b.source),
          ticketType: n(b.ticketType),
          ticketCategory: n(b.ticketCategory),
          createDate: new Date().toISOString(),
          notes: [],
          statusHistory: [Number(b.status)],
        });
        return { body: { itemId: id } };
      },
    },
    {
      method: 'PATCH',
      pattern: `${root}/Tickets`,
      handler: (r) => {
        const b = (r.body ?? {}) as Record<string, unknown>;
        const t = ticket(String(b.id));
        if (!t) return errors(400, `Ticket ${String(b.id)} does not exist.`);
        if (b.status !== undefined) {
          if (!validPick('Tickets', 'status', b.status))
            return errors(400, `Value ${String(b.status)} does not exist for picklist field status.`);
          t.status = Number(b.status);
          t.statusHistory.push(t.status);
        }
        return { body: { itemId: t.id } };
      },
    },
    {
      method: 'GET',
      pattern: `${root}/Tickets/:id/Notes`,
      handler: (_r, p) => {
        const t = ticket(p.id);
        return {
          body: {
            items: t?.notes ?? [],
            pageDetails: { count: t?.notes.length ?? 0, requestCount: 500, prevPageUrl: null, nextPageUrl: null },
          },
        };
      },
    },
    {
      method: 'POST',
      pattern: `${root}/Tickets/:id/Notes`,
      handler: (r, p) => {
        const t = ticket(p.id);
        if (!t) return errors(400, `Parent ticket ${p.id} does not exist.`);
        const b = (r.body ?? {}) as Record<string, unknown>;
        const missing = ['description', 'noteType', 'publish'].filter(
          (k) => b[k] === undefined || b[k] === null || b[k] === '',
        );
        if (missing.length) return errors(400, ...missing.map((k) => `${k} is required.`));
        if (!validPick('TicketNotes', 'noteType', b.noteType))
          return errors(400, `Value ${String(b.noteType)} does not exist for picklist field noteType.`);
        if (!validPick('TicketNotes', 'publish', b.publish))
          return errors(400, `Value ${String(b.publish)} does not exist for picklist field publish.`);
        const note: AtStubNote = {
          id: nextNoteId++,
          ticketID: t.id,
          title: String(b.title ?? ''),
          description: String(b.description),
          noteType: Number(b.noteType),
          publish: Number(b.publish),
          createDateTime: new Date().toISOString(),
          creatorResourceID: 29682885,
        };
        t.notes.push(note);
        return { body: { itemId: note.id } };
      },
    },
  ];
}
