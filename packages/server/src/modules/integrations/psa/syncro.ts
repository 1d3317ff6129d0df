import {
  CrmType,
  type PsaCompany,
  type PsaFilterKind,
  type PsaLookup,
  type PsaOption,
  type SyncroCredentials,
} from '@vigil/contract';
import type { z } from 'zod';
import { joinUrl, PsaHttp, type PsaRequest } from './http.ts';
import {
  PsaError,
  type PsaClient,
  type PsaClientOptions,
  type PsaTicket,
  type PsaTicketInput,
  type PsaTicketRef,
} from './types.ts';
import { stableNumericId } from './ids.ts';

/** SyncroMSP allows 180 requests a minute per client IP. */
const RATE_LIMIT = 180;
const RATE_WINDOW_MS = 60_000;
/** Statuses that end a ticket's life in Syncro ("Resolved" is the built-in closing one). */
const CLOSED_STATUSES = new Set(['resolved', 'closed', 'invoiced']);
const ACTIVE = 'active';
const DISABLED = 'disabled';
const BUSINESS = 'business';
const INDIVIDUAL = 'individual';

/**
 * Syncro names statuses and issue (problem) types instead of numbering them, while profiles hold
 * numeric ids. The id is a 31-bit FNV-1a hash of the lower-cased name: stable across calls,
 * instances and renames of other entries, and turned back into the name through the settings.
 */
export const syncroNameId = stableNumericId;

/** Requests sent per Syncro host in the last minute, shared by every client in this process. */
const sent = new Map<string, number[]>();
/**
 * Waits until another request fits in the host's minute. `scale` is the client's backoff scale:
 * it shrinks the minute itself, so tests can see the limit without waiting a real minute.
 */
async function throttle(host: string, scale: number): Promise<void> {
  if (scale === 0) return;
  const windowMs = RATE_WINDOW_MS * scale;
  for (;;) {
    const now = Date.now();
    const recent = (sent.get(host) ?? []).filter((t) => now - t < windowMs);
    sent.set(host, recent);
    if (recent.length < RATE_LIMIT) {
      recent.push(now);
      return;
    }
    await new Promise((r) => setTimeout(r, windowMs - (now - recent[0]) + 1));
  }
}

interface SyncroCustomer {
  id: number;
  business_name?: string | null;
  business_then_name?: string | null;
  fullname?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  disabled?: boolean | null;
}
interface SyncroComment {
  created_at?: string | null;
  subject?: string | null;
  body?: string | null;
  tech?: string | null;
  hidden?: boolean | null;
}
interface SyncroTicket {
  id: number;
  number?: number | string | null;
  subject?: string | null;
  status?: string | null;
  customer_id?: number | null;
  customer_business_then_name?: string | null;
  created_at?: string | null;
  comments?: SyncroComment[] | null;
}
interface SyncroSettings {
  ticket_status_list?: string[] | null;
  problem_types?: string[] | null;
}

type Credentials = z.infer<typeof SyncroCredentials>;

/**
 * SyncroMSP over its REST API v1 (`https://{subdomain}.syncromsp.com/api/v1`): an API token in
 * the Authorization header, `page` paging with `meta.total_pages`, customers as companies,
 * statuses and issue types from `/tickets/settings`, notes as ticket comments (`hidden` for
 * internal ones). Syncro has no boards, priorities lookup or sources.
 */
export class SyncroClient implements PsaClient {
  readonly type = CrmType.SyncroMsp;
  private readonly http: PsaHttp;
  private readonly base: string;
  private readonly web: string;
  private readonly headers: Record<string, string>;
  private settingsCache: Promise<SyncroSettings> | null = null;
  private readonly backoffScale: number;

  constructor(credentials: Credentials, options?: PsaClientOptions) {
    this.http = new PsaHttp(options);
    this.backoffScale = options?.backoffScale ?? 1;
    // Accept the account URL as well as a pasted API base.
    this.web = credentials.Url.trim()
      .replace(/\/+$/, '')
      .replace(/\/api\/v1$/i, '');
    this.base = joinUrl(this.web, 'api/v1');
    this.headers = { Authorization: `Bearer ${credentials.ApiKey ?? ''}` };
  }

  private async call<T>(method: PsaRequest['method'], path: string, body?: unknown): Promise<T> {
    const url = joinUrl(this.base, path);
    await throttle(new URL(url).host, this.backoffScale);
    const res = await this.http.send<T>({ method, url, headers: this.headers, body });
    return res.data;
  }

  async validate(): Promise<void> {
    try {
      await this.call('GET', 'customers?page=1');
    } catch (err) {
      if (err instanceof PsaError && (err.status === 401 || err.status === 403)) {
        const why =
          err.status === 401
            ? 'check the API token and the account URL'
            : 'the API token lacks the Customers - List/Search permission';
        throw new PsaError(`The PSA refused the credentials: ${why} (HTTP ${err.status})`, err.status, false);
      }
      throw err;
    }
  }

  async filterOptions(kind: PsaFilterKind): Promise<PsaOption[]> {
    return kind === 'types'
      ? [
          { Id: BUSINESS, Name: 'Business' },
          { Id: INDIVIDUAL, Name: 'Individual' },
        ]
      : [
          { Id: ACTIVE, Name: 'Active', IsActive: true },
          { Id: DISABLED, Name: 'Disabled', IsActive: false },
        ];
  }

  async listCompanies(signal?: AbortSignal): Promise<PsaCompany[]> {
    const out: PsaCompany[] = [];
    for (let page = 1; ; page++) {
      if (signal?.aborted) throw new PsaError('The company list was cancelled', 0, false);
      const r = await this.call<{ customers?: SyncroCustomer[]; meta?: { total_pages?: number } }>(
        'GET',
        `customers?include_disabled=true&page=${page}`,
      );
      for (const c of r.customers ?? []) out.push(this.company(c));
      if (page >= (r.meta?.total_pages ?? 1) || !r.customers?.length) return out;
    }
  }

  private company(c: SyncroCustomer): PsaCompany {
    const business = c.business_name?.trim();
    const person = (c.fullname ?? [c.firstname, c.lastname].filter(Boolean).join(' ')).trim();
    return {
      Id: String(c.id),
      Name: business || person || `Customer ${c.id}`,
      Identifier: null,
      TypeIds: [business ? BUSINESS : INDIVIDUAL],
      StatusId: c.disabled ? DISABLED : ACTIVE,
      IsActive: !c.disabled,
    };
  }

  private settings(): Promise<SyncroSettings> {
    if (!this.settingsCache) {
      this.settingsCache = this.call<SyncroSettings>('GET', 'tickets/settings');
      // A failed read is not kept: the next lookup asks again.
      this.settingsCache.catch(() => {
        this.settingsCache = null;
      });
    }
    return this.settingsCache;
  }

  private async statuses(): Promise<PsaOption[]> {
    const s = await this.settings();
    return (s.ticket_status_list ?? []).map((name) => ({
      Id: syncroNameId(name),
      Name: name,
      IsClosed: CLOSED_STATUSES.has(name.trim().toLowerCase()),
    }));
  }

  private async problemTypes(): Promise<PsaOption[]> {
    const s = await this.settings();
    return (s.problem_types ?? []).map((name) => ({ Id: syncroNameId(name), Name: name }));
  }

  async lookup(name: PsaLookup): Promise<PsaOption[] | null> {
    switch (name) {
      case 'board-statuses':
        return this.statuses();
      case 'board-types':
      case 'ticket-types':
        return this.problemTypes();
      default:
        return null;
    }
  }

  /** The name behind an id from `syncroNameId`; a 400 when the PSA no longer has it. */
  private async nameOf(kind: 'status' | 'issue type', id: string): Promise<string> {
    const list = kind === 'status' ? await this.statuses() : await this.problemTypes();
    const hit = list.find((o) => o.Id === id);
    if (!hit) throw new PsaError(`The ${kind} chosen in the ticket profile no longer exists in SyncroMSP`, 400, false);
    return hit.Name;
  }

  async createTicket(input: PsaTicketInput): Promise<PsaTicketRef> {
    const typeId = input.typeId ?? input.ticketTypeId;
    const body: Record<string, unknown> = {
      customer_id: Number(input.companyId),
      subject: input.summary,
      // The description is the ticket's first comment, as Syncro's own "Initial Issue".
      comments_attributes: [
        { subject: 'Initial Issue', body: input.description, hidden: !input.publicNotes, do_not_email: true },
      ],
    };
    if (input.statusId) body.status = await this.nameOf('status', input.statusId);
    if (typeId) body.problem_type = await this.nameOf('issue type', typeId);
    const r = await this.call<{ ticket: SyncroTicket }>('POST', 'tickets', body);
    const id = String(r.ticket.id);
    return { id, number: String(r.ticket.number ?? id), url: this.ticketUrl(id) };
  }

  async addNote(ticketId: string, text: string, publicNote: boolean): Promise<void> {
    await this.call('POST', `tickets/${encodeURIComponent(ticketId)}/comment`, {
      subject: 'Update',
      body: text,
      hidden: !publicNote,
      // A public comment e-mails the customer, as one typed in Syncro would.
      do_not_email: !publicNote,
    });
  }

  async setStatus(ticketId: string, statusId: string, note: string | null, publicNote: boolean): Promise<void> {
    const status = await this.nameOf('status', statusId);
    if (note) await this.addNote(ticketId, note, publicNote);
    await this.call('PUT', `tickets/${encodeURIComponent(ticketId)}`, { status });
  }

  async getTicket(ticketId: string): Promise<PsaTicket | null> {
    if (!/^\d+$/.test(ticketId)) return null;
    let t: SyncroTicket;
    try {
      t = (await this.call<{ ticket: SyncroTicket }>('GET', `tickets/${ticketId}`)).ticket;
    } catch (err) {
      if (err instanceof PsaError && err.status === 404) return null;
      throw err;
    }
    if (!t) return null;
    const status = t.status?.trim() || null;
    return {
      id: String(t.id),
      number: String(t.number ?? t.id),
      url: this.ticketUrl(String(t.id)),
      summary: t.subject ?? '',
      statusId: status ? syncroNameId(status) : null,
      statusName: status,
      closed: status !== null && CLOSED_STATUSES.has(status.toLowerCase()),
      companyId: t.customer_id != null ? String(t.customer_id) : null,
      companyName: t.customer_business_then_name ?? null,
      createdAt: t.created_at ?? null,
      notes: (t.comments ?? [])
        .map((c) => ({ at: c.created_at ?? null, text: c.body ?? c.subject ?? '', author: c.tech ?? null }))
        .sort((a, b) => String(a.at ?? '').localeCompare(String(b.at ?? ''))),
    };
  }

  private ticketUrl(id: string): string {
    return `${this.web}/tickets/${encodeURIComponent(id)}`;
  }
}
