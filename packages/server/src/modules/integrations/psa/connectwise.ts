import {
  CrmType,
  type ConnectWiseCredentials,
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

type Credentials = z.infer<typeof ConnectWiseCredentials>;

/** Records returned by the Manage REST API carry numeric ids; we only read what we map. */
interface Ref {
  id: number;
  name?: string;
  identifier?: string;
}
interface CwCompany {
  id: number;
  identifier?: string;
  name: string;
  status?: Ref | null;
  types?: Ref[] | null;
}
interface CwTicket {
  id: number;
  summary: string;
  status?: Ref | null;
  closedFlag?: boolean;
  company?: Ref | null;
  dateEntered?: string;
  _info?: { dateEntered?: string };
}
interface CwNote {
  id: number;
  text?: string;
  dateCreated?: string;
  createdBy?: string;
  member?: Ref | null;
}

/** The largest page the API serves (the documented hard limit). */
const PAGE_SIZE = 1000;
/** Ticket summaries are limited to 100 characters by Manage. */
const SUMMARY_MAX = 100;
/** Codebase used when the companyinfo lookup is unavailable (on-premises servers route it to the latest). */
const FALLBACK_CODEBASE = 'v4_6_release/';
/** The response schema we read: pinning it keeps field names stable across Manage upgrades. */
const ACCEPT = 'application/vnd.connectwise.com+json; version=2022.1';

/** The URL of the `rel="next"` entry of a Link header, or null. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const m = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(part.trim());
    if (m) return m[1];
  }
  return null;
}

/** A readable message from a Manage error body: its message plus the first field error. */
function cwMessage(raw: string): string | null {
  try {
    const o = JSON.parse(raw) as { message?: string; errors?: { message?: string }[] };
    const detail = o.errors?.find((e) => e.message)?.message;
    if (o.message && detail && detail !== o.message) return `${o.message}: ${detail}`;
    return o.message ?? detail ?? null;
  } catch {
    return null;
  }
}

/**
 * ConnectWise Manage (PSA) over REST API 3.0. Basic auth of `{CompanyId}+{PublicKey}:{PrivateKey}`
 * with the integration's `clientId` header; the instance's codebase (its versioned path) comes
 * from `{Url}/login/companyinfo/{CompanyId}`. Lists page with page/pageSize and the Link header.
 */
export class ConnectWiseClient implements PsaClient {
  readonly type = CrmType.ConnectWise;
  private readonly http: PsaHttp;
  private readonly headers: Record<string, string>;
  private codebase: string | null = null;
  /** Raw bodies of the latest exchanges, so 4xx details Manage puts in `errors` reach the message. */
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
    const token = Buffer.from(
      `${credentials.CompanyId}+${credentials.PublicKey}:${credentials.PrivateKey ?? ''}`,
    ).toString('base64');
    this.headers = { Authorization: `Basic ${token}`, clientId: credentials.ClientId, Accept: ACCEPT };
  }

  async validate(): Promise<void> {
    try {
      await this.get('system/info');
    } catch (err) {
      if (err instanceof PsaError && (err.status === 401 || err.status === 403)) {
        throw new PsaError(`The PSA refused the credentials: ${err.message}`, err.status, false);
      }
      throw err;
    }
  }

  async filterOptions(kind: PsaFilterKind): Promise<PsaOption[]> {
    if (kind === 'types') {
      const rows = await this.list<Ref>('company/companies/types', { orderBy: 'name asc' });
      return rows.map((r) => ({ Id: String(r.id), Name: r.name ?? '' }));
    }
    const rows = await this.list<Ref & { inactiveFlag?: boolean }>('company/companies/statuses', {
      orderBy: 'name asc',
    });
    return rows.map((r) => ({ Id: String(r.id), Name: r.name ?? '', IsActive: !r.inactiveFlag }));
  }

  async listCompanies(signal?: AbortSignal): Promise<PsaCompany[]> {
    const statuses = await this.filterOptions('statuses');
    const inactive = new Set(statuses.filter((s) => s.IsActive === false).map((s) => s.Id));
    const rows = await this.list<CwCompany>(
      'company/companies',
      { conditions: 'deletedFlag=false', orderBy: 'id asc', fields: 'id,identifier,name,status,types' },
      signal,
    );
    return rows.map((c) => {
      const types = c.types ?? [];
      const statusId = c.status ? String(c.status.id) : null;
      return {
        Id: String(c.id),
        Name: c.name,
        Identifier: c.identifier ?? null,
        TypeIds: types.map((t) => String(t.id)),
        StatusId: statusId,
        IsActive: statusId === null || !inactive.has(statusId),
      };
    });
  }

  async lookup(name: PsaLookup, parent?: string, child?: string): Promise<PsaOption[] | null> {
    const board = parent ? `service/boards/${encodeURIComponent(parent)}` : null;
    switch (name) {
      case 'service-boards':
        return this.options('service/boards', { conditions: 'inactiveFlag=false', orderBy: 'name asc' });
      case 'priorities': {
        const rows = await this.list<Ref & { defaultFlag?: boolean }>('service/priorities', {
          orderBy: 'sortOrder asc',
        });
        return rows.map((r) => ({ Id: String(r.id), Name: r.name ?? '', IsDefault: !!r.defaultFlag }));
      }
      case 'sources': {
        const rows = await this.list<Ref & { defaultFlag?: boolean }>('service/sources', { orderBy: 'name asc' });
        return rows.map((r) => ({ Id: String(r.id), Name: r.name ?? '', IsDefault: !!r.defaultFlag }));
      }
      case 'board-statuses': {
        if (!board) return [];
        const rows = await this.list<Ref & { closedStatus?: boolean; defaultFlag?: boolean }>(`${board}/statuses`, {
          conditions: 'inactive=false',
          orderBy: 'sortOrder asc',
        });
        return rows.map((r) => ({
          Id: String(r.id),
          Name: r.name ?? '',
          IsClosed: !!r.closedStatus,
          IsDefault: !!r.defaultFlag,
        }));
      }
      case 'board-types':
        if (!board) return [];
        return this.options(`${board}/types`, { conditions: 'inactiveFlag=false', orderBy: 'name asc' });
      case 'board-subtypes':
        if (!board) return [];
        // A type narrows its sub-types through the board's type/sub-type/item associations.
        if (child) return this.associated(board, `type/id=${Number(child)}`, 'subType');
        return this.options(`${board}/subtypes`, { conditions: 'inactiveFlag=false', orderBy: 'name asc' });
      case 'board-items':
        if (!board) return [];
        if (child) return this.associated(board, `subType/id=${Number(child)}`, 'item');
        return this.options(`${board}/items`, { conditions: 'inactiveFlag=false', orderBy: 'name asc' });
      default:
        return null;
    }
  }

  async createTicket(input: PsaTicketInput): Promise<PsaTicketRef> {
    const ref = (id: string | null) => (id ? { id: Number(id) } : undefined);
    const board = input.boardId
      ? { id: Number(input.boardId) }
      : input.boardName
        ? { name: input.boardName }
        : undefined;
    const body = {
      summary: input.summary.length > SUMMARY_MAX ? `${input.summary.slice(0, SUMMARY_MAX - 1)}…` : input.summary,
      recordType: 'ServiceTicket',
      company: { id: Number(input.companyId) },
      board,
      status: ref(input.statusId),
      priority: ref(input.priorityId),
      type: ref(input.typeId),
      subType: ref(input.subTypeId),
      item: ref(input.itemId),
      source: ref(input.sourceId),
      // The initial description becomes the first note: Discussion when public, Internal otherwise.
      ...(input.publicNotes
        ? { initialDescription: input.description }
        : { initialInternalAnalysis: input.description }),
    };
    const created = await this.send<CwTicket>({ method: 'POST', url: await this.url('service/tickets'), body });
    const id = String(created.id);
    return { id, number: id, url: await this.ticketLink(id) };
  }

  async addNote(ticketId: string, text: string, publicNote: boolean): Promise<void> {
    await this.send({
      method: 'POST',
      url: await this.url(`service/tickets/${encodeURIComponent(ticketId)}/notes`),
      body: {
        text,
        detailDescriptionFlag: publicNote,
        internalAnalysisFlag: !publicNote,
        resolutionFlag: false,
      },
    });
  }

  async setStatus(ticketId: string, statusId: string, note: string | null, publicNote: boolean): Promise<void> {
    if (note) await this.addNote(ticketId, note, publicNote);
    // Manage takes JSON Patch operations; the status reference is replaced by id.
    await this.send({
      method: 'PATCH',
      url: await this.url(`service/tickets/${encodeURIComponent(ticketId)}`),
      body: [{ op: 'replace', path: 'status', value: { id: Number(statusId) } }],
    });
  }

  async getTicket(ticketId: string): Promise<PsaTicket | null> {
    let t: CwTicket;
    try {
      t = await this.get<CwTicket>(`service/tickets/${encodeURIComponent(ticketId)}`);
    } catch (err) {
      if (err instanceof PsaError && err.status === 404) return null;
      throw err;
    }
    const notes = await this.list<CwNote>(`service/tickets/${t.id}/notes`, { orderBy: 'id asc' });
    const id = String(t.id);
    return {
      id,
      number: id,
      url: await this.ticketLink(id),
      summary: t.summary,
      statusId: t.status ? String(t.status.id) : null,
      statusName: t.status?.name ?? null,
      closed: !!t.closedFlag,
      companyId: t.company ? String(t.company.id) : null,
      companyName: t.company?.name ?? null,
      createdAt: t.dateEntered ?? t._info?.dateEntered ?? null,
      notes: notes.map((n) => ({
        at: n.dateCreated ?? null,
        text: n.text ?? '',
        author: n.member?.name ?? n.createdBy ?? null,
      })),
    };
  }

  /** The instance's codebase, e.g. `v2024_1/`, discovered once. */
  private async apiBase(): Promise<string> {
    if (this.codebase === null) {
      const url = joinUrl(this.credentials.Url, `login/companyinfo/${encodeURIComponent(this.credentials.CompanyId)}`);
      let info: { Codebase?: string } | null;
      try {
        info = (await this.http.send<{ Codebase?: string } | null>({ method: 'GET', url })).data;
      } catch (err) {
        // Servers without the lookup (older on-premises ones) still route the release alias.
        if (err instanceof PsaError && err.status === 404) info = { Codebase: FALLBACK_CODEBASE };
        else throw err;
      }
      if (!info || typeof info !== 'object' || !info.Codebase) {
        throw new PsaError(`ConnectWise does not know the company ID "${this.credentials.CompanyId}"`, 404, false);
      }
      this.codebase = info.Codebase.replace(/^\/+/, '').replace(/\/*$/, '/');
    }
    return joinUrl(this.credentials.Url, `${this.codebase}apis/3.0`);
  }

  private async url(path: string, query?: Record<string, string>): Promise<string> {
    const u = joinUrl(await this.apiBase(), path);
    return query ? `${u}?${new URLSearchParams(query).toString()}` : u;
  }

  /** A link to the ticket in the Manage web client. */
  private async ticketLink(id: string): Promise<string> {
    await this.apiBase();
    const origin = new URL(this.credentials.Url);
    // Cloud API hosts are `api-{region}.myconnectwise.net`; the web client drops the `api-`.
    origin.hostname = origin.hostname.replace(/^api-/, '');
    const q = new URLSearchParams({ service_recid: id, companyName: this.credentials.CompanyId });
    return `${origin.origin}/${this.codebase}services/system_io/Service/fv_sr100_request.rails?${q.toString()}`;
  }

  private async get<T>(path: string, query?: Record<string, string>): Promise<T> {
    return this.send<T>({ method: 'GET', url: await this.url(path, query) });
  }

  private async send<T = unknown>(req: PsaRequest): Promise<T> {
    return (await this.exchange<T>(req)).data;
  }

  private async exchange<T>(req: PsaRequest) {
    try {
      return await this.http.send<T>({ ...req, headers: { ...this.headers, ...req.headers } });
    } catch (err) {
      if (!(err instanceof PsaError) || err.status < 400 || err.status >= 500) throw err;
      const u = new URL(req.url);
      const key = `${req.method} ${u.pathname}${u.search}`;
      const raw = this.bodies.get(key);
      this.bodies.delete(key);
      const message = raw ? cwMessage(raw) : null;
      throw message ? new PsaError(message, err.status, err.retryable, err.retryAfterSeconds) : err;
    }
  }

  /** Every page of a list: page/pageSize, following the Link header's next page to the end. */
  private async list<T>(path: string, query: Record<string, string>, signal?: AbortSignal): Promise<T[]> {
    const out: T[] = [];
    let url: string | null = await this.url(path, { ...query, page: '1', pageSize: String(PAGE_SIZE) });
    let page = 1;
    while (url) {
      signal?.throwIfAborted();
      const res = await this.exchange<T[]>({ method: 'GET', url });
      const rows = Array.isArray(res.data) ? res.data : [];
      out.push(...rows);
      const next = nextLink(res.headers.get('link'));
      if (next) url = next;
      else if (!res.headers.has('link') && rows.length === PAGE_SIZE) {
        // No navigation header at all: a full page means there may be another.
        page += 1;
        url = await this.url(path, { ...query, page: String(page), pageSize: String(PAGE_SIZE) });
      } else url = null;
    }
    return out;
  }

  private async options(path: string, query: Record<string, string>): Promise<PsaOption[]> {
    const rows = await this.list<Ref>(path, query);
    return rows.map((r) => ({ Id: String(r.id), Name: r.name ?? '' }));
  }

  /** Distinct sub-types or items associated on a board under a condition. */
  private async associated(board: string, conditions: string, key: 'subType' | 'item'): Promise<PsaOption[]> {
    const rows = await this.list<Record<'subType' | 'item', Ref | null>>(`${board}/typeSubTypeItemAssociations`, {
      conditions,
    });
    const seen = new Map<string, PsaOption>();
    for (const r of rows) {
      const v = r[key];
      if (v && !seen.has(String(v.id))) seen.set(String(v.id), { Id: String(v.id), Name: v.name ?? '' });
    }
    return [...seen.values()].sort((a, b) => a.Name.localeCompare(b.Name));
  }
}
