import {
  CrmType,
  type HaloCredentials,
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

type Credentials = z.infer<typeof HaloCredentials>;
type HaloType = typeof CrmType.HaloPsa | typeof CrmType.HaloITSM;

/**
 * What differs between the two Halo products. Both run the same REST API (`/api`, OAuth2
 * client credentials) with the same endpoints and payloads; only the name in messages differs.
 */
const PRODUCTS: Record<HaloType, { label: string }> = {
  [CrmType.HaloPsa]: { label: 'HaloPSA' },
  [CrmType.HaloITSM]: { label: 'HaloITSM' },
};

/** Halo's built-in Closed status; its id is fixed on every instance. */
export const HALO_CLOSED_STATUS = 9;
/** The lookup table (`/api/Lookup?lookupid=`) holding ticket sources. */
export const HALO_SOURCE_LOOKUP = 4;
const PAGE_SIZE = 100;
/** Renew the token this long before Halo says it expires. */
const TOKEN_MARGIN_MS = 60_000;

interface HaloClientRow {
  id: number;
  name: string;
  inactive?: boolean;
  accountsid?: string | null;
  customer_relationship?: { id: number | string; name: string }[] | null;
}
interface HaloTicketRow {
  id: number;
  summary?: string;
  status_id?: number;
  status_name?: string;
  client_id?: number;
  client_name?: string;
  dateoccurred?: string;
  datecreated?: string;
}
interface HaloActionRow {
  id: number;
  note?: string;
  datetime?: string;
  who?: string;
  hiddenfromuser?: boolean;
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const num = (v: string | null) => (v === null || v === '' ? undefined : Number(v));

/**
 * HaloPSA / HaloITSM over the Halo REST API: a bearer token from the authorisation server
 * (client credentials, scope `all`, `tenant` for hosted instances), cached until shortly
 * before it expires and fetched again once when the API answers 401.
 */
export class HaloClient implements PsaClient {
  readonly type: HaloType;
  private readonly http: PsaHttp;
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    type: HaloType,
    private readonly credentials: Credentials,
    options?: PsaClientOptions,
  ) {
    this.type = type;
    this.http = new PsaHttp(options);
  }

  private get label() {
    return PRODUCTS[this.type].label;
  }

  private tokenUrl(): string {
    const auth = this.credentials.AuthUrl?.trim() || joinUrl(this.credentials.Url, 'auth');
    const url = new URL(joinUrl(auth, 'token'));
    if (this.credentials.Tenant?.trim()) url.searchParams.set('tenant', this.credentials.Tenant.trim());
    return url.toString();
  }

  private async accessToken(force = false): Promise<string> {
    if (!force && this.token && this.token.expiresAt > Date.now()) return this.token.value;
    try {
      const res = await this.http.send<{ access_token?: string; expires_in?: number }>({
        method: 'POST',
        url: this.tokenUrl(),
        form: {
          grant_type: 'client_credentials',
          client_id: this.credentials.ClientId,
          client_secret: this.credentials.ClientSecret ?? '',
          scope: 'all',
        },
      });
      if (!res.data?.access_token) throw new PsaError(`${this.label} returned no access token`, res.status, false);
      const ttl = (res.data.expires_in ?? 3600) * 1000;
      this.token = { value: res.data.access_token, expiresAt: Date.now() + Math.max(ttl - TOKEN_MARGIN_MS, 0) };
      return this.token.value;
    } catch (err) {
      // The token endpoint answers 400 invalid_client for a wrong id or secret (OAuth2).
      if (err instanceof PsaError && [400, 401, 403].includes(err.status)) {
        throw new PsaError(`The PSA refused the credentials: ${err.message}`, err.status, false);
      }
      if (err instanceof PsaError && err.status === 404) {
        const at = new URL(this.tokenUrl());
        throw new PsaError(`No ${this.label} authorisation server at ${at.origin}${at.pathname}`, 404, false);
      }
      throw err;
    }
  }

  private async api<T>(req: Omit<PsaRequest, 'url' | 'headers'> & { path: string; query?: Record<string, string> }) {
    const url = new URL(joinUrl(this.credentials.Url, `api/${req.path}`));
    for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, v);
    const send = async (token: string) =>
      this.http.send<T>({
        method: req.method,
        url: url.toString(),
        body: req.body,
        headers: { Authorization: `Bearer ${token}` },
      });
    const token = await this.accessToken();
    try {
      return await send(token);
    } catch (err) {
      // A token revoked or expired early: fetch a new one once.
      if (err instanceof PsaError && err.status === 401) return send(await this.accessToken(true));
      throw err;
    }
  }

  async validate(): Promise<void> {
    this.token = null;
    try {
      await this.api({ method: 'GET', path: 'Agent/me' });
    } catch (err) {
      if (err instanceof PsaError && (err.status === 401 || err.status === 403) && !err.message.startsWith('The PSA')) {
        throw new PsaError(`The PSA refused the credentials: ${err.message}`, err.status, false);
      }
      throw err;
    }
  }

  async listCompanies(signal?: AbortSignal): Promise<PsaCompany[]> {
    const out: PsaCompany[] = [];
    for (let page = 1; ; page++) {
      signal?.throwIfAborted();
      const { data } = await this.api<{ record_count?: number; clients?: HaloClientRow[] }>({
        method: 'GET',
        path: 'Client',
        query: {
          pageinate: 'true',
          page_size: String(PAGE_SIZE),
          page_no: String(page),
          includeinactive: 'true',
          includeactive: 'true',
          order: 'id',
        },
      });
      const rows = data?.clients ?? [];
      for (const c of rows) {
        out.push({
          Id: String(c.id),
          Name: c.name,
          Identifier: c.accountsid?.trim() || null,
          TypeIds: (c.customer_relationship ?? []).map((r) => String(r.id)),
          StatusId: c.inactive ? 'inactive' : 'active',
          IsActive: !c.inactive,
        });
      }
      const total = data?.record_count ?? 0;
      if (rows.length === 0 || rows.length < PAGE_SIZE || out.length >= total) return out;
    }
  }

  /**
   * Halo has no company status list: a client is active or inactive. Company types are the
   * clients' customer relationships, which the API only exposes on the clients themselves.
   */
  async filterOptions(kind: PsaFilterKind): Promise<PsaOption[]> {
    if (kind === 'statuses') {
      return [
        { Id: 'active', Name: 'Active', IsActive: true },
        { Id: 'inactive', Name: 'Inactive', IsActive: false },
      ];
    }
    const seen = new Map<string, string>();
    for (let page = 1; ; page++) {
      const { data } = await this.api<{ record_count?: number; clients?: HaloClientRow[] }>({
        method: 'GET',
        path: 'Client',
        query: { pageinate: 'true', page_size: String(PAGE_SIZE), page_no: String(page), includeinactive: 'true' },
      });
      const rows = data?.clients ?? [];
      for (const c of rows) for (const r of c.customer_relationship ?? []) seen.set(String(r.id), r.name);
      if (rows.length < PAGE_SIZE || page * PAGE_SIZE >= (data?.record_count ?? 0)) break;
    }
    return [...seen].map(([Id, Name]) => ({ Id, Name })).sort((a, b) => a.Name.localeCompare(b.Name));
  }

  /** Halo's statuses and types are not per team, so the board id (`_parent`) does not narrow them. */
  async lookup(name: PsaLookup, _parent?: string, _child?: string): Promise<PsaOption[] | null> {
    switch (name) {
      case 'service-boards': {
        const { data } = await this.api<{ id: number; name: string; inactive?: boolean }[]>({
          method: 'GET',
          path: 'Team',
        });
        return (data ?? []).filter((t) => !t.inactive).map((t) => ({ Id: str(t.id), Name: t.name }));
      }
      case 'priorities': {
        // Priorities repeat per SLA; the ticket takes the priority id.
        const { data } = await this.api<{ priorityid: number; name: string; ishidden?: boolean }[]>({
          method: 'GET',
          path: 'Priority',
        });
        const byId = new Map<string, string>();
        for (const p of data ?? [])
          if (!p.ishidden && !byId.has(str(p.priorityid))) byId.set(str(p.priorityid), p.name);
        return [...byId].map(([Id, Name]) => ({ Id, Name }));
      }
      case 'board-statuses': {
        const { data } = await this.api<{ id: number; name: string }[]>({
          method: 'GET',
          path: 'Status',
          query: { type: 'ticket' },
        });
        return (data ?? []).map((s) => ({ Id: str(s.id), Name: s.name, IsClosed: s.id === HALO_CLOSED_STATUS }));
      }
      case 'ticket-types': {
        const { data } = await this.api<{ id: number; name: string; inactive?: boolean }[]>({
          method: 'GET',
          path: 'TicketType',
        });
        return (data ?? []).filter((t) => !t.inactive).map((t) => ({ Id: str(t.id), Name: t.name }));
      }
      case 'ticket-categories': {
        const { data } = await this.api<{ id: number; value?: string; name?: string }[]>({
          method: 'GET',
          path: 'Category',
          query: { type_id: '1' },
        });
        return (data ?? []).map((c) => ({ Id: str(c.id), Name: c.value ?? c.name ?? str(c.id) }));
      }
      case 'sources': {
        const { data } = await this.api<{ id: number; name: string; isdefault?: boolean }[]>({
          method: 'GET',
          path: 'Lookup',
          query: { lookupid: String(HALO_SOURCE_LOOKUP) },
        });
        return (data ?? []).map((s) => ({ Id: str(s.id), Name: s.name, IsDefault: s.isdefault === true }));
      }
      case 'note-types': {
        // Halo records every note as an action with an outcome ("Private Note", "Email User", …).
        const { data } = await this.api<{ id: number; outcome?: string; name?: string }[]>({
          method: 'GET',
          path: 'Outcome',
        });
        return (data ?? []).map((o) => ({ Id: str(o.id), Name: o.outcome ?? o.name ?? str(o.id) }));
      }
      default:
        return null;
    }
  }

  async createTicket(input: PsaTicketInput): Promise<PsaTicketRef> {
    const ticket: Record<string, unknown> = {
      summary: input.summary,
      details: input.description,
      client_id: Number(input.companyId),
      team_id: num(input.boardId),
      team: input.boardName ?? undefined,
      priority_id: num(input.priorityId),
      status_id: num(input.statusId),
      tickettype_id: num(input.ticketTypeId),
      categoryid_1: num(input.categoryId),
      source: num(input.sourceId),
    };
    for (const k of Object.keys(ticket)) if (ticket[k] === undefined) delete ticket[k];
    // The Tickets endpoint takes an array and answers with the created ticket.
    const { data } = await this.api<HaloTicketRow | HaloTicketRow[]>({
      method: 'POST',
      path: 'Tickets',
      body: [ticket],
    });
    const created = Array.isArray(data) ? data[0] : data;
    if (!created?.id) throw new PsaError(`${this.label} did not return the created ticket`, 200, false);
    return this.ref(created.id);
  }

  private ref(id: number | string): PsaTicketRef {
    return { id: String(id), number: String(id), url: `${joinUrl(this.credentials.Url, 'ticket')}?id=${id}` };
  }

  async addNote(ticketId: string, text: string, publicNote: boolean): Promise<void> {
    await this.api({
      method: 'POST',
      path: 'Actions',
      body: [
        {
          ticket_id: Number(ticketId),
          note: text,
          outcome: publicNote ? 'Update' : 'Private Note',
          hiddenfromuser: !publicNote,
        },
      ],
    });
  }

  async setStatus(ticketId: string, statusId: string, note: string | null, publicNote: boolean): Promise<void> {
    await this.api({ method: 'POST', path: 'Tickets', body: [{ id: Number(ticketId), status_id: Number(statusId) }] });
    if (note) await this.addNote(ticketId, note, publicNote);
  }

  async getTicket(ticketId: string): Promise<PsaTicket | null> {
    if (!/^\d+$/.test(ticketId)) return null;
    let row: HaloTicketRow;
    try {
      row = (
        await this.api<HaloTicketRow>({ method: 'GET', path: `Tickets/${ticketId}`, query: { includedetails: 'true' } })
      ).data;
    } catch (err) {
      if (err instanceof PsaError && err.status === 404) return null;
      throw err;
    }
    if (!row?.id) return null;
    const { data } = await this.api<{ actions?: HaloActionRow[] }>({
      method: 'GET',
      path: 'Actions',
      query: { ticket_id: ticketId, excludesys: 'true' },
    });
    return {
      ...this.ref(row.id),
      summary: row.summary ?? '',
      statusId: row.status_id === undefined ? null : String(row.status_id),
      statusName: row.status_name ?? null,
      closed: row.status_id === HALO_CLOSED_STATUS,
      companyId: row.client_id === undefined ? null : String(row.client_id),
      companyName: row.client_name ?? null,
      createdAt: row.datecreated ?? row.dateoccurred ?? null,
      notes: (data?.actions ?? [])
        .filter((a) => a.note)
        .map((a) => ({ at: a.datetime ?? null, text: a.note ?? '', author: a.who ?? null })),
    };
  }
}
