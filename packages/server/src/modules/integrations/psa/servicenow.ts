import {
  CrmType,
  type PsaCompany,
  type PsaFilterKind,
  type PsaLookup,
  type PsaOption,
  type ServiceNowCredentials,
} from '@vigil/contract';
import type { z } from 'zod';
import { PsaHttp, joinUrl, type PsaResponse } from './http.ts';
import {
  PsaError,
  type PsaClient,
  type PsaClientOptions,
  type PsaTicket,
  type PsaTicketInput,
  type PsaTicketRef,
} from './types.ts';
import { stableNumericId } from './ids.ts';

type Credentials = z.infer<typeof ServiceNowCredentials>;
type Row = Record<string, string | undefined>;
/** A field read with `sysparm_display_value=all`. */
type Both = { value?: string; display_value?: string } | undefined;

const PAGE_SIZE = 100;
/** Incident states that end an incident: Resolved, Closed, Canceled. */
export const SN_CLOSED_STATES = ['6', '7', '8'];
/** States that need close_code and close_notes (data policy on the incident table). */
const NEEDS_CLOSE_CODE = ['6', '7'];

/**
 * ServiceNow's default priority lookup: priority from impact and urgency (1 high … 3 low).
 * The first pair for each priority is what a profile's priority sends, since the Table API
 * computes priority and ignores a written one.
 */
export const SN_PRIORITY_MATRIX: { impact: string; urgency: string; priority: string }[] = [
  { impact: '1', urgency: '1', priority: '1' },
  { impact: '1', urgency: '2', priority: '2' },
  { impact: '2', urgency: '1', priority: '2' },
  { impact: '1', urgency: '3', priority: '3' },
  { impact: '2', urgency: '2', priority: '3' },
  { impact: '3', urgency: '1', priority: '3' },
  { impact: '2', urgency: '3', priority: '4' },
  { impact: '3', urgency: '2', priority: '4' },
  { impact: '3', urgency: '3', priority: '5' },
];

/** What a company's core_company flags make it; these are the sync's company types. */
const COMPANY_TYPES = [
  { Id: 'customer', Name: 'Customer' },
  { Id: 'vendor', Name: 'Vendor' },
  { Id: 'manufacturer', Name: 'Manufacturer' },
];

const SYS_ID = /^[0-9a-f]{32}$/i;
const INCIDENT_NUMBER = /^[A-Z]{2,6}\d{4,}$/i;

/** The `rel="next"` URL of a Link header, if any. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(/,(?=\s*<)/)) {
    const m = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(part.trim());
    if (m) return m[1];
  }
  return null;
}

/**
 * ServiceNow over the Table API (`/api/now/table/{table}`) with a basic-auth integration user.
 * Companies come from core_company, tickets are incidents; choice lists (states, categories,
 * urgency, impact, contact types, close codes) come from sys_choice.
 */
export class ServiceNowClient implements PsaClient {
  readonly type = CrmType.ServiceNow;
  private readonly http: PsaHttp;
  private readonly auth: string;
  private closeCode: Promise<string> | null = null;

  constructor(
    private readonly credentials: Credentials,
    options?: PsaClientOptions,
  ) {
    this.http = new PsaHttp(options);
    this.auth = 'Basic ' + Buffer.from(`${credentials.UserName}:${credentials.Password ?? ''}`).toString('base64');
  }

  private url(table: string, id?: string, query: Record<string, string> = {}): URL {
    const url = new URL(joinUrl(this.credentials.Url, `api/now/table/${table}${id ? `/${id}` : ''}`));
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return url;
  }

  private async send<T>(method: 'GET' | 'POST' | 'PATCH', url: URL, body?: unknown) {
    try {
      return await this.http.send<{ result: T }>({
        method,
        url: url.toString(),
        body,
        headers: { Authorization: this.auth },
      });
    } catch (err) {
      if (err instanceof PsaError && err.status === 401) {
        throw new PsaError(`The PSA refused the credentials: ${err.message}`, 401, false);
      }
      throw err;
    }
  }

  /** Every row of a query, following the Link header's next page (kept on our own instance URL). */
  private async all(table: string, query: Record<string, string>, signal?: AbortSignal): Promise<Row[]> {
    const rows: Row[] = [];
    let url: URL | null = this.url(table, undefined, {
      ...query,
      sysparm_exclude_reference_link: 'true',
      sysparm_limit: String(PAGE_SIZE),
      sysparm_offset: '0',
    });
    while (url) {
      signal?.throwIfAborted();
      const res: PsaResponse<{ result: Row[] }> = await this.send<Row[]>('GET', url);
      const page = res.data?.result ?? [];
      rows.push(...page);
      const next = nextLink(res.headers.get('link'));
      // Only the paging parameters are taken from the link: credentials never leave the configured instance.
      url = next && page.length > 0 ? this.url(table, undefined, Object.fromEntries(new URL(next).searchParams)) : null;
    }
    return rows;
  }

  private async choices(element: string, extra = ''): Promise<Row[]> {
    return this.all('sys_choice', {
      sysparm_query: `name=incident^element=${element}^inactive=false^language=en${extra}^ORDERBYsequence`,
      sysparm_fields: 'value,label,dependent_value,sequence',
    });
  }

  async validate(): Promise<void> {
    await this.send('GET', this.url('core_company', undefined, { sysparm_limit: '1', sysparm_fields: 'sys_id' }));
  }

  async listCompanies(signal?: AbortSignal): Promise<PsaCompany[]> {
    const rows = await this.all(
      'core_company',
      { sysparm_query: 'ORDERBYname', sysparm_fields: 'sys_id,name,customer,vendor,manufacturer' },
      signal,
    );
    return rows.map((r) => ({
      Id: r.sys_id ?? '',
      Name: r.name ?? '',
      Identifier: null,
      TypeIds: COMPANY_TYPES.filter((t) => r[t.Id] === 'true').map((t) => t.Id),
      // core_company has no status: every company counts as active.
      StatusId: null,
      IsActive: true,
    }));
  }

  filterOptions(kind: PsaFilterKind): Promise<PsaOption[]> {
    return Promise.resolve(kind === 'types' ? COMPANY_TYPES.map((t) => ({ ...t })) : []);
  }

  /** ServiceNow has no boards: board-statuses (board "0") are the incident states. */
  async lookup(name: PsaLookup, parent?: string): Promise<PsaOption[] | null> {
    const options = (rows: Row[]) => rows.map((r) => ({ Id: r.value ?? '', Name: r.label ?? r.value ?? '' }));
    switch (name) {
      case 'board-statuses':
        return options(await this.choices('state')).map((o) => ({ ...o, IsClosed: SN_CLOSED_STATES.includes(o.Id) }));
      case 'categories':
        return options(await this.choices('category'));
      case 'subcategories':
        // A caret would start another condition of the encoded query.
        return options(
          await this.choices('subcategory', parent ? `^dependent_value=${parent.replace(/\^/g, '')}` : ''),
        );
      case 'urgencies':
        return options(await this.choices('urgency'));
      case 'impacts':
        return options(await this.choices('impact'));
      case 'sources':
        // Profiles hold numeric source ids; contact types are text, so they get stable numbers.
        return options(await this.choices('contact_type')).map((o) => ({ ...o, Id: stableNumericId(o.Id) }));
      case 'priorities':
        return options(await this.choices('priority')).map((o) => {
          const pair = SN_PRIORITY_MATRIX.find((m) => m.priority === o.Id);
          return pair ? { ...o, Urgency: pair.urgency, Impact: pair.impact } : o;
        });
      case 'groups': {
        const rows = await this.all('sys_user_group', {
          sysparm_query: 'active=true^ORDERBYname',
          sysparm_fields: 'sys_id,name',
        });
        return rows.map((r) => ({ Id: r.sys_id ?? '', Name: r.name ?? '' }));
      }
      case 'callers': {
        if (!parent || !SYS_ID.test(parent)) return [];
        const rows = await this.all('sys_user', {
          sysparm_query: `company=${parent}^active=true^ORDERBYname`,
          sysparm_fields: 'sys_id,name,email',
        });
        return rows.map((r) => ({
          Id: r.sys_id ?? '',
          Name: r.email ? `${r.name ?? ''} (${r.email})` : (r.name ?? ''),
        }));
      }
      default:
        return null;
    }
  }

  private ref(row: Row): PsaTicketRef {
    const sysId = row.sys_id ?? '';
    return {
      id: sysId,
      number: row.number ?? sysId,
      url: `${joinUrl(this.credentials.Url, 'nav_to.do')}?uri=${encodeURIComponent(`incident.do?sys_id=${sysId}`)}`,
    };
  }

  async createTicket(input: PsaTicketInput): Promise<PsaTicketRef> {
    const pair = input.priorityId ? SN_PRIORITY_MATRIX.find((m) => m.priority === input.priorityId) : undefined;
    const body: Record<string, string> = {
      short_description: input.summary,
      description: input.description,
      company: input.companyId,
    };
    const set = (key: string, v: string | null | undefined) => {
      if (v !== null && v !== undefined && v !== '') body[key] = v;
    };
    set('caller_id', input.callerId);
    set('category', input.category);
    set('subcategory', input.subcategory);
    set('urgency', input.urgency ?? pair?.urgency);
    set('impact', input.impact ?? pair?.impact);
    set('assignment_group', input.groupId);
    set('contact_type', await this.contactType(input.sourceId));
    set('state', input.statusId);
    const url = this.url('incident', undefined, {
      sysparm_fields: 'sys_id,number',
      sysparm_exclude_reference_link: 'true',
    });
    const { data } = await this.send<Row>('POST', url, body);
    if (!data?.result?.sys_id) throw new PsaError('ServiceNow did not return the created incident', 201, false);
    return this.ref(data.result);
  }

  /** The contact type whose stable number is `sourceId` (a raw choice value passes through). */
  private async contactType(sourceId: string | null): Promise<string | null> {
    if (!sourceId) return null;
    const choices = await this.choices('contact_type');
    const hit = choices.find((c) => c.value === sourceId || stableNumericId(c.value ?? '') === sourceId);
    return hit?.value ?? sourceId;
  }

  async addNote(ticketId: string, text: string, publicNote: boolean): Promise<void> {
    // Comments are visible to the caller; work notes stay with the fulfillers.
    await this.patch(ticketId, { [publicNote ? 'comments' : 'work_notes']: text });
  }

  private async patch(ticketId: string, body: Record<string, string>) {
    await this.send('PATCH', this.url('incident', ticketId, { sysparm_fields: 'sys_id' }), body);
  }

  /** The close code to resolve with: the instance's own "solved" choice, else its first one. */
  private resolveCode(): Promise<string> {
    this.closeCode ??= this.choices('close_code')
      .then((rows) => {
        const values = rows.map((r) => r.value ?? '').filter(Boolean);
        return (
          values.find((v) => /solved \(permanently\)|solution provided/i.test(v)) ?? values[0] ?? 'Solved (Permanently)'
        );
      })
      .catch((err: unknown) => {
        this.closeCode = null;
        throw err;
      });
    return this.closeCode;
  }

  async setStatus(ticketId: string, statusId: string, note: string | null, publicNote: boolean): Promise<void> {
    const body: Record<string, string> = { state: statusId };
    if (NEEDS_CLOSE_CODE.includes(statusId)) {
      body.close_code = await this.resolveCode();
      body.close_notes = note ?? 'The backup is healthy again.';
    }
    if (note) body[publicNote ? 'comments' : 'work_notes'] = note;
    await this.patch(ticketId, body);
  }

  async getTicket(ticketId: string): Promise<PsaTicket | null> {
    const fields = 'sys_id,number,short_description,state,active,company,sys_created_on';
    let row: Record<string, Both> | undefined;
    try {
      if (SYS_ID.test(ticketId)) {
        const url = this.url('incident', ticketId, { sysparm_display_value: 'all', sysparm_fields: fields });
        row = (await this.send<Record<string, Both>>('GET', url)).data?.result;
      } else if (INCIDENT_NUMBER.test(ticketId)) {
        // People link incidents by number (INC0010001); the API keys them by sys_id.
        const url = this.url('incident', undefined, {
          sysparm_query: `number=${ticketId.toUpperCase()}`,
          sysparm_limit: '1',
          sysparm_display_value: 'all',
          sysparm_fields: fields,
        });
        row = (await this.send<Record<string, Both>[]>('GET', url)).data?.result?.[0];
      }
    } catch (err) {
      if (err instanceof PsaError && err.status === 404) return null;
      throw err;
    }
    const v = (k: string) => row?.[k]?.value ?? null;
    const d = (k: string) => row?.[k]?.display_value ?? null;
    const sysId = v('sys_id');
    if (!row || !sysId) return null;
    const journal = await this.all('sys_journal_field', {
      sysparm_query: `element_id=${sysId}^name=incident^elementINwork_notes,comments^ORDERBYsys_created_on`,
      sysparm_fields: 'value,element,sys_created_on,sys_created_by',
    }).catch((err: unknown) => {
      // Many integration users may read incidents but not the journal table: the ticket still counts.
      if (err instanceof PsaError && err.status === 403) return [];
      throw err;
    });
    const state = v('state');
    return {
      ...this.ref({ sys_id: sysId, number: v('number') ?? undefined }),
      summary: v('short_description') ?? '',
      statusId: state,
      statusName: d('state'),
      closed: (state !== null && SN_CLOSED_STATES.includes(state)) || v('active') === 'false',
      companyId: v('company') || null,
      companyName: d('company') || null,
      createdAt: v('sys_created_on'),
      notes: journal.map((j) => ({
        at: j.sys_created_on ?? null,
        text: j.value ?? '',
        author: j.sys_created_by ?? null,
      })),
    };
  }
}
