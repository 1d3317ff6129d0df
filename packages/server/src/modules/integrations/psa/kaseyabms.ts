import {
  CrmType,
  type KaseyaBmsCredentials,
  type PsaCompany,
  type PsaFilterKind,
  type PsaLookup,
  type PsaOption,
} from '@vigil/contract';
import type { z } from 'zod';
import { PsaHttp, joinUrl, type PsaRequest } from './http.ts';
import {
  PsaError,
  type PsaClient,
  type PsaClientOptions,
  type PsaTicket,
  type PsaTicketInput,
  type PsaTicketRef,
} from './types.ts';

type Credentials = z.infer<typeof KaseyaBmsCredentials>;

/** Every BMS answer is wrapped: `{Success, Error, Result}`, plus `TotalRecords` on paged lists. */
interface Envelope<T> {
  Success?: boolean;
  Error?: { Code?: number; Message?: string | null; Details?: string | null; SubErrors?: string[] | null } | null;
  Result?: T;
  TotalRecords?: number;
}
interface Lookup {
  Id: number;
  Name: string | null;
  IsActive?: boolean;
  IsDefault?: boolean;
}
interface Account {
  Id: number;
  AccountName: string | null;
  AccountCode: string | null;
  AccountTypeId: number | null;
  IsActive: boolean;
}
interface Ticket {
  Id: number;
  TicketNumber: string | null;
  Title: string | null;
  StatusId: number | null;
  StatusName: string | null;
  AccountId: number | null;
  AccountName: string | null;
  CreatedOn: string | null;
  OpenDate: string | null;
  CompletedDate: string | null;
}
interface Note {
  Id: number;
  Details: string | null;
  CreatedOn: string | null;
  CreatedByName: string | null;
}

const PAGE_SIZE = 100;
/** BMS has no account statuses beyond active/inactive; the sync filters get these two. */
const STATUS_ACTIVE = 'active';
const STATUS_INACTIVE = 'inactive';
/** The "Monitoring System" ticket source of BMS, used when the profile names none. */
const SOURCE_MONITORING = 5;
/** Statuses whose names mean the ticket is done (BMS gives no closed flag on the status lookup). */
const CLOSED_NAME = /complete|closed|resolved|cancel/i;

/** A readable message out of a BMS error envelope (message, then the first sub-error). */
function bmsMessage(data: unknown): string | null {
  const e = (data as Envelope<unknown> | null)?.Error;
  if (!e) return null;
  const first = e.SubErrors?.find((s) => s?.trim());
  const msg = e.Message?.trim() || e.Details?.trim() || null;
  if (msg && first && first !== msg) return `${msg}${/[.:!?]$/.test(msg) ? ' ' : ': '}${first}`;
  return msg ?? first ?? null;
}

/**
 * Kaseya BMS over its REST API v2. A bearer token comes from `POST /v2/security/authenticate`
 * (user name, password and the company name as `Tenant`) and is renewed when it expires or the
 * API answers 401. Answers are `{Success, Error, Result}` envelopes, and a failure may arrive
 * inside a 200 with `Success: false`, so every answer is unwrapped here.
 */
export class KaseyaBmsClient implements PsaClient {
  readonly type = CrmType.KaseyaBms;
  private readonly http: PsaHttp;
  private token: { value: string; expiresAt: number } | null = null;
  private defaultNoteType: number | null = null;
  private readonly bodies = new Map<string, string>();

  constructor(
    private readonly credentials: Credentials,
    options: PsaClientOptions = {},
  ) {
    this.http = new PsaHttp({
      ...options,
      record: (e) => {
        if (e.status >= 400) this.bodies.set(`${e.method} ${e.path}`, e.body);
        options.record?.(e);
      },
    });
  }

  async validate(): Promise<void> {
    this.token = null;
    try {
      await this.call('GET', 'v2/security/userinfo');
    } catch (err) {
      if (err instanceof PsaError && (err.status === 401 || err.status === 403)) {
        throw new PsaError(
          err.message.startsWith('The PSA refused') ? err.message : `The PSA refused the credentials: ${err.message}`,
          err.status,
          false,
        );
      }
      throw err;
    }
  }

  async filterOptions(kind: PsaFilterKind): Promise<PsaOption[]> {
    if (kind === 'statuses') {
      return [
        { Id: STATUS_ACTIVE, Name: 'Active', IsActive: true },
        { Id: STATUS_INACTIVE, Name: 'Inactive', IsActive: false },
      ];
    }
    return this.lookupList('v2/system/accounttypes/lookup', true);
  }

  async listCompanies(signal?: AbortSignal): Promise<PsaCompany[]> {
    const out: PsaCompany[] = [];
    for (let page = 1; ; page++) {
      signal?.throwIfAborted();
      const env = await this.call<Account[]>('GET', 'v2/crm/accounts/summary', {
        query: { PageSize: String(PAGE_SIZE), PageNumber: String(page) },
      });
      const rows = env.Result ?? [];
      if (rows.length && out.some((c) => c.Id === String(rows[0].Id))) break;
      for (const a of rows) {
        out.push({
          Id: String(a.Id),
          Name: a.AccountName ?? '',
          Identifier: a.AccountCode ?? null,
          TypeIds: a.AccountTypeId === null || a.AccountTypeId === undefined ? [] : [String(a.AccountTypeId)],
          StatusId: a.IsActive ? STATUS_ACTIVE : STATUS_INACTIVE,
          IsActive: !!a.IsActive,
        });
      }
      // TotalRecords tells when we have them all; an empty page ends a server that omits it.
      const total = env.TotalRecords;
      if (!rows.length || (typeof total === 'number' && out.length >= total)) break;
    }
    return out;
  }

  async lookup(name: PsaLookup, _parent?: string, child?: string): Promise<PsaOption[] | null> {
    switch (name) {
      case 'service-boards':
        return this.lookupList('v2/system/queues/lookup');
      case 'priorities':
        return this.lookupList('v2/system/priorities/lookup');
      case 'board-statuses': {
        // Statuses are global in BMS; the queue (board) does not narrow them.
        const rows = await this.lookupList('v2/system/statuses/lookup');
        return rows.map((r) => ({ ...r, IsClosed: CLOSED_NAME.test(r.Name) }));
      }
      case 'board-types':
        return this.lookupList('v2/system/issuetypes/lookup');
      case 'board-subtypes':
        if (!child) return [];
        return this.lookupList(`v2/system/issuetypes/${encodeURIComponent(child)}/issuesubtypes/lookup`);
      case 'ticket-types':
        return this.lookupList('v2/system/lookup/tickettypes');
      case 'note-types':
        return this.lookupList('v2/system/lookup/notetypes');
      default:
        return null;
    }
  }

  async createTicket(input: PsaTicketInput): Promise<PsaTicketRef> {
    const accountId = Number(input.companyId);
    const locations = await this.call<{ Id: number; IsMain?: boolean }[]>(
      'GET',
      `v2/crm/accounts/${accountId}/locations/lookup`,
    );
    const location = (locations.Result ?? []).find((l) => l.IsMain) ?? locations.Result?.[0];
    if (!location)
      throw new PsaError(`The BMS account ${accountId} has no location to file a ticket under`, 400, false);
    const typeId = input.ticketTypeId ? Number(input.ticketTypeId) : await this.defaultOf('tickettypes');
    if (typeId === null) throw new PsaError('BMS has no ticket type to give the ticket', 400, false);
    const num = (v: string | null) => (v ? Number(v) : undefined);
    const env = await this.call<{ Id: number; TicketNumber?: string | null }>('POST', 'v2/servicedesk/tickets', {
      body: {
        Title: input.summary,
        Details: input.description,
        AccountId: accountId,
        LocationId: location.Id,
        QueueId: num(input.boardId),
        StatusId: num(input.statusId),
        PriorityId: num(input.priorityId),
        TypeId: typeId,
        IssueTypeId: num(input.typeId),
        SubIssueTypeId: num(input.subTypeId),
        SourceId: num(input.sourceId) ?? SOURCE_MONITORING,
        OpenDate: new Date().toISOString(),
      },
    });
    const id = String(env.Result?.Id ?? '');
    if (!id) throw new PsaError('BMS did not return the new ticket', 502, true);
    return { id, number: env.Result?.TicketNumber || id, url: null };
  }

  async addNote(ticketId: string, text: string, publicNote: boolean): Promise<void> {
    if (this.defaultNoteType === null) this.defaultNoteType = (await this.defaultOf('notetypes')) ?? 0;
    await this.call('POST', `v2/servicedesk/tickets/${encodeURIComponent(ticketId)}/notes`, {
      body: {
        Details: text,
        IsInternal: !publicNote,
        TypeId: this.defaultNoteType,
        NoteDate: new Date().toISOString(),
      },
    });
  }

  async setStatus(ticketId: string, statusId: string, note: string | null, publicNote: boolean): Promise<void> {
    if (note) await this.addNote(ticketId, note, publicNote);
    await this.call('PATCH', `v2/servicedesk/tickets/${encodeURIComponent(ticketId)}`, {
      body: [{ op: 'replace', path: '/StatusId', value: Number(statusId) }],
    });
  }

  async getTicket(ticketId: string): Promise<PsaTicket | null> {
    let t: Ticket | undefined;
    try {
      t = (await this.call<Ticket>('GET', `v2/servicedesk/tickets/${encodeURIComponent(ticketId)}`)).Result;
    } catch (err) {
      if (err instanceof PsaError && err.status === 404) return null;
      throw err;
    }
    if (!t) return null;
    // The notes list carries no total and a server may cap the page size: read until a page
    // comes back empty (or repeats, from a server that ignores PageNumber).
    const notes: Note[] = [];
    for (let page = 1; page <= 100; page++) {
      const env = await this.call<Note[]>('GET', `v2/servicedesk/tickets/${t.Id}/notes`, {
        query: { PageSize: String(PAGE_SIZE), PageNumber: String(page) },
      });
      const rows = env.Result ?? [];
      if (!rows.length || notes.some((n) => n.Id === rows[0].Id)) break;
      notes.push(...rows);
    }
    const id = String(t.Id);
    return {
      id,
      number: t.TicketNumber || id,
      url: null,
      summary: t.Title ?? '',
      statusId: t.StatusId === null ? null : String(t.StatusId),
      statusName: t.StatusName ?? null,
      closed: !!t.CompletedDate,
      companyId: t.AccountId === null ? null : String(t.AccountId),
      companyName: t.AccountName ?? null,
      createdAt: t.CreatedOn ?? t.OpenDate ?? null,
      notes: notes.map((n) => ({ at: n.CreatedOn ?? null, text: n.Details ?? '', author: n.CreatedByName ?? null })),
    };
  }

  /** A lookup endpoint as options (inactive entries left out unless asked for). */
  private async lookupList(path: string, includeInactive = false): Promise<PsaOption[]> {
    const rows = (await this.call<Lookup[]>('GET', path)).Result ?? [];
    return rows
      .filter((r) => includeInactive || r.IsActive !== false)
      .map((r) => ({ Id: String(r.Id), Name: r.Name ?? '', ...(r.IsDefault ? { IsDefault: true } : {}) }));
  }

  /** The default entry of a generic lookup table (else the first), or null when it is empty or missing. */
  private async defaultOf(table: string): Promise<number | null> {
    try {
      const rows = await this.lookupList(`v2/system/lookup/${table}`);
      const hit = rows.find((r) => r.IsDefault) ?? rows[0];
      return hit ? Number(hit.Id) : null;
    } catch (err) {
      if (err instanceof PsaError && err.status === 404) return null;
      throw err;
    }
  }

  private async authenticate(): Promise<string> {
    let env: Envelope<{ AccessToken?: string | null; AccessTokenExpireOn?: string }>;
    try {
      const res = await this.exchange<typeof env>({
        method: 'POST',
        url: joinUrl(this.credentials.Url, 'v2/security/authenticate'),
        form: {
          GrantType: 'password',
          UserName: this.credentials.UserName,
          Password: this.credentials.Password ?? '',
          Tenant: this.credentials.Tenant,
        },
      });
      env = res.data ?? {};
    } catch (err) {
      if (err instanceof PsaError && err.status >= 400 && err.status < 500) {
        throw new PsaError(`The PSA refused the credentials: ${err.message}`, 401, false);
      }
      throw err;
    }
    const token = env.Result?.AccessToken;
    if (env.Success === false || !token) {
      throw new PsaError(
        `The PSA refused the credentials: ${bmsMessage(env) ?? 'no access token was issued'}`,
        401,
        false,
      );
    }
    const expires = Date.parse(env.Result?.AccessTokenExpireOn ?? '');
    // Renew a minute early; without an expiry, keep it until the API says 401.
    this.token = { value: token, expiresAt: Number.isNaN(expires) ? Infinity : expires - 60_000 };
    return token;
  }

  /** One API call with the bearer token, renewing it once on 401, and the envelope checked. */
  private async call<T>(
    method: PsaRequest['method'],
    path: string,
    opts: { query?: Record<string, string>; body?: unknown } = {},
  ): Promise<Envelope<T>> {
    let url = joinUrl(this.credentials.Url, path);
    if (opts.query) url += `?${new URLSearchParams(opts.query).toString()}`;
    const cached = this.token && this.token.expiresAt > Date.now() ? this.token.value : null;
    const send = async (token: string) =>
      (
        await this.exchange<Envelope<T>>({
          method,
          url,
          headers: { Authorization: `Bearer ${token}` },
          body: opts.body,
        })
      ).data;
    let env: Envelope<T> | null;
    try {
      env = await send(cached ?? (await this.authenticate()));
    } catch (err) {
      if (!(cached && err instanceof PsaError && err.status === 401)) throw err;
      this.token = null;
      env = await send(await this.authenticate());
    }
    if (env && env.Success === false) {
      const code = env.Error?.Code;
      const status = typeof code === 'number' && code >= 400 && code < 600 ? code : 400;
      throw new PsaError(bmsMessage(env) ?? 'BMS reported a failure', status, status === 429 || status >= 500);
    }
    return env ?? {};
  }

  private async exchange<T>(req: PsaRequest) {
    try {
      return await this.http.send<T>(req);
    } catch (err) {
      if (!(err instanceof PsaError) || err.status < 400 || err.status >= 500) throw err;
      const u = new URL(req.url);
      const key = `${req.method} ${u.pathname}${u.search}`;
      const raw = this.bodies.get(key);
      this.bodies.delete(key);
      let message: string | null = null;
      try {
        message = raw ? bmsMessage(JSON.parse(raw)) : null;
      } catch {
        message = null;
      }
      throw message ? new PsaError(message, err.status, err.retryable, err.retryAfterSeconds) : err;
    }
  }
}
