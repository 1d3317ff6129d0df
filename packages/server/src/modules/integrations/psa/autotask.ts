import {
  CrmType,
  type AutotaskCredentials,
  type AutotaskRegion,
  type PsaCompany,
  type PsaFilterKind,
  type PsaLookup,
  type PsaOption,
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

/**
 * The public Autotask zones (API user's zone is shown on the API user's page in Autotask).
 * `Url` is the zone host; the client adds `/ATServicesRest/V1.0`.
 */
export const AUTOTASK_REGIONS: readonly AutotaskRegion[] = [
  ['america-east', 'America East', 3],
  ['america-east-2', 'America East 2', 14],
  ['america-east-3', 'America East 3', 22],
  ['america-west', 'America West', 5],
  ['america-west-2', 'America West 2', 15],
  ['america-west-3', 'America West 3', 24],
  ['america-west-4', 'America West 4', 25],
  ['australia', 'Australia / New Zealand', 6],
  ['australia-2', 'Australia 2', 26],
  ['australia-3', 'Australia 3', 29],
  ['eu1', 'EU1 (English Europe and Asia)', 19],
  ['german', 'Deutsch German', 18],
  ['spanish', 'Español Spanish', 12],
  ['uk', 'UK', 4],
  ['uk-2', 'UK2', 16],
  ['uk-3', 'UK3', 28],
  ['limited-release', 'Limited Release', 1],
  ['pre-release', 'Pre-release', 2],
  ['uk-limited-release', 'UK Limited Release', 17],
  ['uk-pre-release', 'UK Pre-release', 11],
].map(([Id, Name, n]) => ({ Id: Id as string, Name: Name as string, Url: `https://webservices${n}.autotask.net` }));

/** Autotask's own "Complete" ticket status: the one status that closes a ticket. */
export const AUTOTASK_COMPLETE_STATUS = '5';
/** TicketNotes `publish`: 1 = All Autotask Users (shown to the contact too), 2 = Internal Only. */
const PUBLISH_ALL = 1;
const PUBLISH_INTERNAL = 2;
/** Company statuses: Autotask companies are only active or inactive. */
const ACTIVE = 'active';
const INACTIVE = 'inactive';
/** Autotask caps a query page at 500 records. */
const PAGE_SIZE = 500;
/** Field lengths Autotask rejects beyond (title 255, description 8000, note 32000). */
const TITLE_MAX = 255;
const DESCRIPTION_MAX = 8000;
const NOTE_MAX = 32000;

interface Picklist {
  value: string | number;
  label: string;
  isActive?: boolean;
  isDefaultValue?: boolean;
  parentValue?: string | number | null;
  sortOrder?: number;
}
interface FieldInfo {
  name: string;
  isPickList?: boolean;
  picklistValues?: Picklist[] | null;
}
interface QueryPage<T> {
  items: T[];
  pageDetails?: { nextPageUrl?: string | null };
}
interface AtCompany {
  id: number;
  companyName?: string;
  companyNumber?: string | null;
  companyType?: number | null;
  isActive?: boolean;
}
interface AtTicket {
  id: number;
  ticketNumber?: string;
  title?: string;
  status?: number | null;
  companyID?: number | null;
  createDate?: string | null;
}
interface AtNote {
  title?: string | null;
  description?: string | null;
  createDateTime?: string | null;
  creatorResourceID?: number | null;
}

type Credentials = z.infer<typeof AutotaskCredentials>;

/**
 * Autotask PSA over its REST API v1.0: header authentication (`UserName`, `Secret`,
 * `ApiIntegrationcode`), entity queries with JSON filters paged through `nextPageUrl`, and
 * picklists read from each entity's field definitions (queues, statuses, priorities,
 * issue/sub-issue types, sources all live there rather than in endpoints of their own).
 */
export class AutotaskClient implements PsaClient {
  readonly type = CrmType.Autotask;
  private readonly http: PsaHttp;
  private readonly base: string;
  private readonly headers: Record<string, string>;
  private readonly fieldCache = new Map<string, Promise<FieldInfo[]>>();

  constructor(credentials: Credentials, options?: PsaClientOptions) {
    this.http = new PsaHttp(options);
    // Accept the zone host as well as a pasted ".../ATServicesRest" or ".../V1.0" address.
    const host = credentials.Url.trim()
      .replace(/\/+$/, '')
      .replace(/\/v1\.0$/i, '')
      .replace(/\/atservicesrest$/i, '');
    this.base = joinUrl(host, 'ATServicesRest/V1.0');
    this.headers = {
      UserName: credentials.UserName,
      Secret: credentials.Secret ?? '',
      ApiIntegrationcode: credentials.IntegrationCode,
    };
  }

  private async call<T>(method: PsaRequest['method'], path: string, body?: unknown): Promise<T> {
    const url = /^https?:/i.test(path) ? path : joinUrl(this.base, path);
    const res = await this.http.send<T>({ method, url, headers: this.headers, body });
    return res.data;
  }

  /** Every page of a query: the first is a POST, the rest follow `nextPageUrl` with GET. */
  private async queryAll<T>(entity: string, body: object, signal?: AbortSignal): Promise<T[]> {
    const items: T[] = [];
    const stopped = () => new PsaError('The company list was cancelled', 0, false);
    if (signal?.aborted) throw stopped();
    let page = await this.call<QueryPage<T>>('POST', `${entity}/query`, { MaxRecords: PAGE_SIZE, ...body });
    for (;;) {
      items.push(...(page.items ?? []));
      const next = page.pageDetails?.nextPageUrl;
      if (!next) return items;
      if (signal?.aborted) throw stopped();
      page = await this.call<QueryPage<T>>('GET', this.sameOrigin(next));
    }
  }

  /** The next-page link names the zone host; keep the credentials on the configured one. */
  private sameOrigin(link: string): string {
    const next = new URL(link, this.base);
    const mine = new URL(this.base);
    return mine.origin + next.pathname + next.search;
  }

  private fields(entity: string): Promise<FieldInfo[]> {
    let hit = this.fieldCache.get(entity);
    if (!hit) {
      hit = this.call<{ fields: FieldInfo[] }>('GET', `${entity}/entityInformation/fields`).then((r) => r.fields ?? []);
      hit.catch(() => this.fieldCache.delete(entity));
      this.fieldCache.set(entity, hit);
    }
    return hit;
  }

  private async picklist(entity: string, field: string, withInactive = false): Promise<Picklist[]> {
    const all = await this.fields(entity);
    const f = all.find((x) => x.name.toLowerCase() === field.toLowerCase());
    return (f?.picklistValues ?? [])
      .filter((v) => withInactive || v.isActive !== false)
      .sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0));
  }

  private async options(entity: string, field: string, parent?: string, withInactive = false): Promise<PsaOption[]> {
    const values = await this.picklist(entity, field, withInactive);
    return values
      .filter((v) => parent === undefined || String(v.parentValue ?? '') === parent)
      .map((v) => {
        const o: PsaOption = { Id: String(v.value), Name: v.label };
        if (v.isDefaultValue) o.IsDefault = true;
        return o;
      });
  }

  async validate(): Promise<void> {
    try {
      await this.call('POST', 'Companies/query', {
        MaxRecords: 1,
        IncludeFields: ['id'],
        filter: [{ op: 'gte', field: 'id', value: 0 }],
      });
    } catch (err) {
      if (err instanceof PsaError && (err.status === 401 || err.status === 403)) {
        const why =
          err.status === 401
            ? 'check the API user name, secret and integration code, and that the zone URL is the API user’s zone'
            : 'the API user’s security level does not allow reading companies';
        throw new PsaError(`The PSA refused the credentials: ${why} (HTTP ${err.status})`, err.status, false);
      }
      throw err;
    }
  }

  async filterOptions(kind: PsaFilterKind): Promise<PsaOption[]> {
    if (kind === 'statuses') {
      return [
        { Id: ACTIVE, Name: 'Active', IsActive: true },
        { Id: INACTIVE, Name: 'Inactive', IsActive: false },
      ];
    }
    // Retired types still sit on existing companies, so the filter offers them too.
    return this.options('Companies', 'companyType', undefined, true);
  }

  async listCompanies(signal?: AbortSignal): Promise<PsaCompany[]> {
    const rows = await this.queryAll<AtCompany>(
      'Companies',
      {
        IncludeFields: ['id', 'companyName', 'companyNumber', 'companyType', 'isActive'],
        filter: [{ op: 'gte', field: 'id', value: 0 }],
      },
      signal,
    );
    return rows.map((c) => ({
      Id: String(c.id),
      Name: (c.companyName ?? '').trim() || `Company ${c.id}`,
      Identifier: c.companyNumber?.trim() || null,
      TypeIds: c.companyType != null ? [String(c.companyType)] : [],
      StatusId: c.isActive === false ? INACTIVE : ACTIVE,
      IsActive: c.isActive !== false,
    }));
  }

  async lookup(name: PsaLookup, parent?: string, child?: string): Promise<PsaOption[] | null> {
    switch (name) {
      case 'service-boards':
        return this.options('Tickets', 'queueID');
      case 'priorities':
        return this.options('Tickets', 'priority');
      case 'board-statuses': {
        // Statuses are not per queue in Autotask: every queue gets the same list.
        const all = await this.options('Tickets', 'status');
        return all.map((o) => ({ ...o, IsClosed: o.Id === AUTOTASK_COMPLETE_STATUS }));
      }
      case 'board-types':
        return this.options('Tickets', 'issueType');
      case 'board-subtypes':
        return this.options('Tickets', 'subIssueType', child ?? parent ?? '');
      case 'sources':
        return this.options('Tickets', 'source');
      case 'ticket-types':
        return this.options('Tickets', 'ticketType');
      case 'ticket-categories':
        return this.options('Tickets', 'ticketCategory');
      case 'note-types':
        return this.options('TicketNotes', 'noteType');
      default:
        return null;
    }
  }

  async createTicket(input: PsaTicketInput): Promise<PsaTicketRef> {
    const num = (v: string | null) => (v === null || v === '' ? undefined : Number(v));
    const body: Record<string, unknown> = {
      companyID: Number(input.companyId),
      title: input.summary.slice(0, TITLE_MAX),
      description: input.description.slice(0, DESCRIPTION_MAX),
      queueID: num(input.boardId),
      priority: num(input.priorityId),
      status: num(input.statusId),
      issueType: num(input.typeId),
      subIssueType: num(input.subTypeId),
      source: num(input.sourceId),
      ticketType: num(input.ticketTypeId),
      ticketCategory: num(input.categoryId),
    };
    for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
    const created = await this.call<{ itemId: number }>('POST', 'Tickets', body);
    const id = String(created.itemId);
    // The create answer carries only the id; the ticket number people quote needs a read.
    const item = await this.readTicket(id);
    return { id, number: item?.ticketNumber ?? id, url: this.ticketUrl(id) };
  }

  async addNote(ticketId: string, text: string, publicNote: boolean): Promise<void> {
    const noteType = await this.defaultNoteType();
    const title = (text.split('\n').find((l) => l.trim()) ?? 'Backup monitoring').trim().slice(0, 250);
    await this.call('POST', `Tickets/${encodeURIComponent(ticketId)}/Notes`, {
      ticketID: Number(ticketId),
      title,
      description: text.slice(0, NOTE_MAX),
      noteType,
      publish: publicNote ? PUBLISH_ALL : PUBLISH_INTERNAL,
    });
  }

  async setStatus(ticketId: string, statusId: string, note: string | null, publicNote: boolean): Promise<void> {
    // The note goes first: workflow rules that fire on completion then see it.
    if (note) await this.addNote(ticketId, note, publicNote);
    await this.call('PATCH', 'Tickets', { id: Number(ticketId), status: Number(statusId) });
  }

  async getTicket(ticketId: string): Promise<PsaTicket | null> {
    if (!/^\d+$/.test(ticketId)) return null;
    const item = await this.readTicket(ticketId);
    if (!item) return null;
    const [statuses, notes, company] = await Promise.all([
      this.options('Tickets', 'status'),
      this.queryChildNotes(ticketId),
      item.companyID != null ? this.readCompany(String(item.companyID)) : Promise.resolve(null),
    ]);
    const statusId = item.status != null ? String(item.status) : null;
    return {
      id: String(item.id),
      number: item.ticketNumber ?? String(item.id),
      url: this.ticketUrl(String(item.id)),
      summary: item.title ?? '',
      statusId,
      statusName: statuses.find((s) => s.Id === statusId)?.Name ?? null,
      closed: statusId === AUTOTASK_COMPLETE_STATUS,
      companyId: item.companyID != null ? String(item.companyID) : null,
      companyName: company?.companyName ?? null,
      createdAt: item.createDate ?? null,
      notes: notes.map((n) => ({
        at: n.createDateTime ?? null,
        text: n.description ?? n.title ?? '',
        author: n.creatorResourceID != null ? `Resource ${n.creatorResourceID}` : null,
      })),
    };
  }

  /** A missing id answers 200 with `item: null` (some zones 404); both mean "no such ticket". */
  private async readTicket(id: string): Promise<AtTicket | null> {
    try {
      const r = await this.call<{ item: AtTicket | null }>('GET', `Tickets/${encodeURIComponent(id)}`);
      return r?.item ?? null;
    } catch (err) {
      if (err instanceof PsaError && err.status === 404) return null;
      throw err;
    }
  }

  private async readCompany(id: string): Promise<AtCompany | null> {
    const r = await this.call<{ item: AtCompany | null }>('GET', `Companies/${encodeURIComponent(id)}`);
    return r?.item ?? null;
  }

  private async queryChildNotes(ticketId: string): Promise<AtNote[]> {
    const notes: AtNote[] = [];
    let page = await this.call<QueryPage<AtNote>>('GET', `Tickets/${encodeURIComponent(ticketId)}/Notes`);
    for (;;) {
      notes.push(...(page.items ?? []));
      const next = page.pageDetails?.nextPageUrl;
      if (!next) break;
      page = await this.call<QueryPage<AtNote>>('GET', this.sameOrigin(next));
    }
    return notes.sort((a, b) => String(a.createDateTime ?? '').localeCompare(String(b.createDateTime ?? '')));
  }

  /** noteType is required on ticket notes; take the instance's default (else its first active one). */
  private async defaultNoteType(): Promise<number> {
    const values = await this.picklist('TicketNotes', 'noteType');
    const pick = values.find((v) => v.isDefaultValue) ?? values[0];
    if (!pick) throw new PsaError('The PSA has no active ticket note types', 400, false);
    return Number(pick.value);
  }

  /** webservicesN.autotask.net serves the UI at wwN.autotask.net; other hosts get no link. */
  private ticketUrl(id: string): string | null {
    const m = /^webservices(\d+)\.autotask\.net$/i.exec(new URL(this.base).hostname);
    if (!m) return null;
    return `https://ww${m[1]}.autotask.net/Autotask/AutotaskExtend/ExecuteCommand.aspx?Code=OpenTicketDetail&TicketID=${encodeURIComponent(id)}`;
  }
}
