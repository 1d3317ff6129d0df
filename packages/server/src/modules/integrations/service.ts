import { randomUUID } from 'node:crypto';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import {
  CRM_VENDORS,
  CREDENTIALS,
  CrmFilterProperties,
  CrmFilters,
  OPERATION_FAILED,
  OperationStatus,
  SECRET_FIELDS,
  vendorOfType,
  type CompanyFiltersPreview,
  type CompanySyncResult,
  type CrmCurrentConfig,
  type CrmFilterOption,
  type CrmFiltersView,
  type CrmIntegration,
  type CrmIntegrationInput,
  type CrmOperation,
  type CrmTypeValue,
  type CrmValidation,
  type CrmValidateInput,
  type CrmVendor,
  type PsaCompany,
  type PsaOption,
  type StoredResponse,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { crmIntegrations, crmOperations, crmResponses } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { rememberSecretsFor, secretsFor, type Secrets } from '../../platform/secrets.ts';
import { outboundPolicy } from '../../platform/outbound.ts';
import { createPsaClient } from './psa/index.ts';
import { refusePrivatePsaUrls } from './psa-outbound.ts';
import { PsaError, PsaRefused, type PsaClient, type PsaExchange } from './psa/types.ts';

type Row = typeof crmIntegrations.$inferSelect;
type OperationRow = typeof crmOperations.$inferSelect;
export type OperationKind = CrmOperation['Kind'];

export const CRM_OPERATION_QUEUE = 'crm-operation';
/** Stored PSA answers kept per integration. */
export const STORED_RESPONSES = 300;
/** Without a job queue an operation runs in this process; the request waits this long for it. */
const INLINE_WAIT_MS = 1000;
/** How often a running operation looks for a cancel made on another node. */
const CANCEL_POLL_MS = 1000;

export const conflictMessage = (name: string) =>
  `This tenant is already linked to a PSA (${name}). Delete that integration before adding another.`;
export const noLookupMessage = (lookup: string) => `This PSA has no ${lookup}`;

const conflict = (message: string) => new HttpError(409, message);
const psaFailed = (err: unknown) =>
  new HttpError(
    err instanceof PsaRefused ? 400 : 502,
    err instanceof Error ? err.message : 'The PSA could not be reached',
  );
const fieldErrors = (errors: { Field: string; Message: string }[]) => new HttpError(400, errors[0].Message, errors);

const secretContext = (tenantId: number) => `crm:${tenantId}`;

/** The secrets box of a deployment (sealed under the master key); jobs only get `deps`. */
export function rememberSecrets(deps: Pick<Deps, 'database'>, secrets: Secrets): void {
  rememberSecretsFor(deps.database, secrets);
}
async function secretsOf(deps: Pick<Deps, 'database' | 'config'>): Promise<Secrets> {
  return secretsFor(deps.database);
}

// ---------------------------------------------------------------------------------------------
// Stored responses

// Keys such as access_token, AccessToken, client_secret, Password, api_key, PrivateKey.
const SECRET_KEYS = '[a-z_]*(?:token|password|secret|api_?key|private_?key)';
const SECRET_JSON = new RegExp(`("${SECRET_KEYS}"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');
const SECRET_QUERY = new RegExp(`([?&]${SECRET_KEYS}=)[^&#]*`, 'gi');

/** Takes tokens and the integration's own secrets out of a recorded body or path. */
export function redact(text: string, secrets: string[]): string {
  let out = text.replace(SECRET_JSON, '$1"***"').replace(SECRET_QUERY, '$1***');
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join('***');
  return out;
}

/** Records a client's exchanges into crm_responses, in order, keeping the newest few hundred. */
class ResponseRecorder {
  private chain: Promise<void> = Promise.resolve();
  private count = 0;

  constructor(
    private readonly deps: Pick<Deps, 'database'>,
    private readonly tenantId: number,
    private readonly integrationId: number,
    private readonly secrets: string[],
  ) {}

  record = (e: PsaExchange): void => {
    const row = {
      tenantId: this.tenantId,
      integrationId: this.integrationId,
      method: e.method,
      path: redact(e.path, this.secrets).slice(0, 2000),
      status: e.status,
      durationMs: Math.max(0, Math.round(e.durationMs)),
      body: redact(e.body, this.secrets),
    };
    this.chain = this.chain
      .then(async () => {
        await this.deps.database.db.insert(crmResponses).values(row);
        // Pruning every tenth answer keeps the table bounded without a delete per call.
        if (++this.count % 10 === 1) await pruneResponses(this.deps, this.integrationId);
      })
      .catch((err: unknown) => console.error('[psa] could not store a PSA response:', err));
  };

  /** Waits until every exchange so far is stored. */
  flush = async (): Promise<void> => {
    await this.chain;
    await pruneResponses(this.deps, this.integrationId).catch(() => undefined);
  };
}

async function pruneResponses(deps: Pick<Deps, 'database'>, integrationId: number): Promise<void> {
  await deps.database.query(
    `DELETE FROM crm_responses WHERE integration_id = $1 AND id < (
       SELECT id FROM crm_responses WHERE integration_id = $1 ORDER BY id DESC OFFSET $2 LIMIT 1)`,
    [integrationId, STORED_RESPONSES - 1],
  );
}

// ---------------------------------------------------------------------------------------------
// Credentials

function vendorOf(row: Row): CrmVendor {
  const v = vendorOfType(row.crmType);
  if (!v) throw new Error(`Unknown CRM type ${row.crmType}`);
  return v;
}

/** The stored credentials with their secrets opened. */
async function openCredentials(deps: Pick<Deps, 'database' | 'config'>, row: Row): Promise<Record<string, unknown>> {
  const plain = (await secretsOf(deps)).open(row.secrets, secretContext(row.tenantId));
  if (plain === null) {
    throw new HttpError(400, 'The stored PSA secrets cannot be read any more; enter them again.');
  }
  return { ...(row.settings as Record<string, unknown>), ...(JSON.parse(plain) as Record<string, unknown>) };
}

function secretValues(vendor: CrmVendor, credentials: Record<string, unknown>): string[] {
  return SECRET_FIELDS[vendor].map((f) => credentials[f]).filter((v): v is string => typeof v === 'string');
}

/**
 * Checks a credential form and fills secrets left null from the stored ones. Every problem is
 * reported at once, each under `Credentials.{Field}`.
 */
export function resolveCredentials(
  vendor: CrmVendor,
  raw: Record<string, unknown>,
  stored: Record<string, unknown> | null,
  allowHttp: boolean,
): Record<string, unknown> {
  const schema = CREDENTIALS[vendor];
  const errors: { Field: string; Message: string }[] = [];
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    for (const i of parsed.error.issues) {
      errors.push({ Field: ['Credentials', ...i.path.map(String)].join('.'), Message: i.message });
    }
  }
  const creds: Record<string, unknown> = parsed.success ? { ...parsed.data } : {};
  for (const f of SECRET_FIELDS[vendor]) {
    const given = parsed.success ? creds[f] : raw[f];
    if (given !== null && given !== undefined) continue;
    if (typeof stored?.[f] === 'string') {
      creds[f] = stored[f];
      continue;
    }
    // The field's own "… is required" message, from the schema under the nullable wrapper.
    const field = schema.shape[f] as unknown as { unwrap(): { unwrap(): { safeParse(v: unknown): unknown } } };
    const r = field.unwrap().unwrap().safeParse('') as { error?: { issues: { message: string }[] } };
    errors.push({ Field: `Credentials.${f}`, Message: r.error?.issues[0]?.message ?? `${f} is required` });
  }
  for (const f of ['Url', 'AuthUrl']) {
    const v = creds[f];
    if (typeof v !== 'string' || !v) continue;
    const problem = urlProblem(v, allowHttp);
    if (problem) errors.push({ Field: `Credentials.${f}`, Message: problem });
    else creds[f] = v.replace(/\/+$/, '');
  }
  if (errors.length) throw fieldErrors(errors);
  return creds;
}

function urlProblem(value: string, allowHttp: boolean): string | null {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return 'Enter the full URL, e.g. https://psa.example.com';
  }
  if (u.protocol === 'https:') return null;
  if (u.protocol === 'http:' && allowHttp) return null;
  return 'The URL must start with https://';
}

function splitCredentials(vendor: CrmVendor, creds: Record<string, unknown>) {
  const secret: Record<string, unknown> = {};
  const settings: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(creds)) {
    if (SECRET_FIELDS[vendor].includes(k)) secret[k] = v;
    else settings[k] = v ?? null;
  }
  return { settings, secret };
}

// ---------------------------------------------------------------------------------------------
// Clients

interface OpenedClient {
  client: PsaClient;
  flush: () => Promise<void>;
}

async function clientFor(deps: Pick<Deps, 'database' | 'config'>, row: Row): Promise<OpenedClient> {
  const vendor = vendorOf(row);
  const creds = await openCredentials(deps, row);
  const recorder = new ResponseRecorder(deps, row.tenantId, row.id, secretValues(vendor, creds));
  return {
    client: createPsaClient(row.crmType as CrmTypeValue, creds, {
      record: recorder.record,
      outbound: outboundPolicy(deps.config),
    }),
    flush: recorder.flush,
  };
}

/**
 * The tenant's PSA client, with its exchanges recorded into the stored responses; null when the
 * tenant has no PSA. Used by ticketing to create and update tickets.
 */
export async function psaForTenant(
  deps: Deps,
  tenantId: number,
): Promise<{
  client: PsaClient;
  integrationId: number;
  crmType: CrmTypeValue;
  /** Resolves once every exchange so far is stored. */
  flush: () => Promise<void>;
} | null> {
  const [row] = await deps.database.db.select().from(crmIntegrations).where(eq(crmIntegrations.tenantId, tenantId));
  if (!row) return null;
  const { client, flush } = await clientFor(deps, row);
  return { client, integrationId: row.id, crmType: row.crmType as CrmTypeValue, flush };
}

// ---------------------------------------------------------------------------------------------
// Filters

const DEFAULT_PROPERTIES: CrmFilterProperties = { AutoSync: false, DetachMissing: false };

function propertiesOf(row: Row): CrmFilterProperties {
  const p = CrmFilterProperties.safeParse(row.filterProperties);
  return p.success ? p.data : DEFAULT_PROPERTIES;
}

/**
 * The filters a sync applies. Never saved: every type, the active statuses only, and companies
 * without a type or status too — a new PSA link brings in the live customers, not old leads.
 */
function filtersOf(row: Row, statuses: PsaOption[]): CrmFilters {
  const f = CrmFilters.safeParse(row.filters);
  if (f.success) return f.data;
  const active = statuses.filter((s) => s.IsActive !== false);
  return {
    Types: [],
    Statuses: active.length === statuses.length ? [] : active.map((s) => s.Id),
    SyncCompaniesWithoutType: true,
    SyncCompaniesWithoutStatus: true,
  };
}

/** An empty list does not restrict; a company without a type (status) passes when the flag says so. */
export function passesFilters(c: PsaCompany, f: CrmFilters): boolean {
  const typeOk = c.TypeIds.length
    ? f.Types.length === 0 || c.TypeIds.some((t) => f.Types.includes(t))
    : f.SyncCompaniesWithoutType;
  const statusOk =
    c.StatusId === null || c.StatusId === ''
      ? f.SyncCompaniesWithoutStatus
      : f.Statuses.length === 0 || f.Statuses.includes(c.StatusId);
  return typeOk && statusOk;
}

function filtersView(filters: CrmFilters, types: PsaOption[], statuses: PsaOption[]): CrmFiltersView {
  const option = (o: PsaOption, selected: string[], withActive: boolean): CrmFilterOption => ({
    Id: o.Id,
    Name: o.Name,
    ...(withActive ? { IsActive: o.IsActive !== false } : {}),
    Selected: selected.includes(o.Id),
  });
  return {
    ...filters,
    TypeOptions: types.map((o) => option(o, filters.Types, false)),
    StatusOptions: statuses.map((o) => option(o, filters.Statuses, true)),
  };
}

async function filterOptions(client: PsaClient): Promise<{ types: PsaOption[]; statuses: PsaOption[] }> {
  const [types, statuses] = await Promise.all([client.filterOptions('types'), client.filterOptions('statuses')]);
  return { types, statuses };
}

// ---------------------------------------------------------------------------------------------
// Company sync

interface CompanyRow {
  id: number;
  name: string;
  type: number;
  psa_id: string | null;
  psa_data: unknown;
}

/** jsonb reorders keys, so stored PSA data is compared field by field. */
function samePsaData(stored: unknown, next: { Identifier: string | null; Types: string[]; Status: string | null }) {
  const o = (stored ?? {}) as Partial<typeof next>;
  return (
    (o.Identifier ?? null) === next.Identifier &&
    (o.Status ?? null) === next.Status &&
    JSON.stringify(o.Types ?? []) === JSON.stringify(next.Types)
  );
}

class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/**
 * Brings the PSA's companies (those the filters let through) into Vigil as PSA companies:
 * linked by PSA id, a local company of the same name taken over, the rest created. With
 * DetachMissing, PSA companies no longer listed become local ones again.
 */
async function syncCompanies(
  deps: Pick<Deps, 'database'>,
  row: Row,
  client: PsaClient,
  signal: AbortSignal,
): Promise<CompanySyncResult> {
  const { types, statuses } = await filterOptions(client);
  const filters = filtersOf(row, statuses);
  const listed = await client.listCompanies(signal);
  if (signal.aborted) throw new Cancelled();
  const typeName = new Map(types.map((o) => [o.Id, o.Name]));
  const statusName = new Map(statuses.map((o) => [o.Id, o.Name]));
  const seen = new Set<string>();
  const matching = listed.filter((c) => {
    if (seen.has(c.Id) || !passesFilters(c, filters)) return false;
    seen.add(c.Id);
    return true;
  });

  return deps.database.transaction(async (q) => {
    if (signal.aborted) throw new Cancelled();
    const rows = (
      await q<CompanyRow>('SELECT id, name, type, psa_id, psa_data FROM companies WHERE tenant_id = $1 FOR UPDATE', [
        row.tenantId,
      ])
    ).rows;
    const byPsa = new Map(rows.filter((r) => r.psa_id !== null).map((r) => [r.psa_id!, r]));
    const byName = new Map(rows.map((r) => [r.name.toLowerCase(), r]));
    const updates: { id: number; name: string; psaId: string | null; type: number; data: string | null }[] = [];
    const inserts: { name: string; psaId: string; data: string }[] = [];
    const rename = (r: CompanyRow, name: string) => {
      byName.delete(r.name.toLowerCase());
      r.name = name;
      byName.set(name.toLowerCase(), r);
    };

    for (const c of matching) {
      const data = {
        Identifier: c.Identifier,
        Types: c.TypeIds.map((t) => typeName.get(t) ?? t),
        Status: c.StatusId ? (statusName.get(c.StatusId) ?? c.StatusId) : null,
      };
      const json = JSON.stringify(data);
      const wanted = (c.Name.trim() || c.Identifier || `Company ${c.Id}`).slice(0, 200);
      const linked = byPsa.get(c.Id);
      if (linked) {
        // A rename in the PSA follows unless another company already has that name.
        const holder = byName.get(wanted.toLowerCase());
        const name = !holder || holder === linked ? wanted : linked.name;
        if (name !== linked.name || linked.type !== 0 || !samePsaData(linked.psa_data, data)) {
          rename(linked, name);
          updates.push({ id: linked.id, name, psaId: c.Id, type: 0, data: json });
        }
        continue;
      }
      const local = byName.get(wanted.toLowerCase());
      if (local && local.psa_id === null) {
        local.psa_id = c.Id;
        byPsa.set(c.Id, local);
        rename(local, wanted);
        updates.push({ id: local.id, name: wanted, psaId: c.Id, type: 0, data: json });
        continue;
      }
      // Two PSA companies of one name: the later one carries its identifier.
      let name = wanted;
      if (local) name = `${wanted} (${c.Identifier ?? c.Id})`.slice(0, 200);
      if (byName.has(name.toLowerCase())) continue;
      const created: CompanyRow = { id: 0, name, type: 0, psa_id: c.Id, psa_data: data };
      byName.set(name.toLowerCase(), created);
      byPsa.set(c.Id, created);
      inserts.push({ name, psaId: c.Id, data: json });
    }

    let detached = 0;
    const props = propertiesOf(row);
    if (props.DetachMissing) {
      for (const r of rows) {
        if (r.psa_id !== null && !seen.has(r.psa_id)) {
          updates.push({ id: r.id, name: r.name, psaId: null, type: 1, data: null });
          detached++;
        }
      }
    }

    if (updates.length) {
      await q(
        `UPDATE companies c SET name = x.name, type = x.type, psa_id = x.psa_id, psa_data = x.data::jsonb
           FROM unnest($2::int[], $3::text[], $4::int[], $5::text[], $6::text[]) AS x(id, name, type, psa_id, data)
          WHERE c.id = x.id AND c.tenant_id = $1`,
        [
          row.tenantId,
          updates.map((u) => u.id),
          updates.map((u) => u.name),
          updates.map((u) => u.type),
          updates.map((u) => u.psaId),
          updates.map((u) => u.data),
        ],
      );
    }
    for (let i = 0; i < inserts.length; i += 1000) {
      const chunk = inserts.slice(i, i + 1000);
      await q(
        `INSERT INTO companies (tenant_id, name, type, psa_id, psa_data)
         SELECT $1, x.name, 0, x.psa_id, x.data::jsonb FROM unnest($2::text[], $3::text[], $4::text[]) AS x(name, psa_id, data)`,
        [row.tenantId, chunk.map((c) => c.name), chunk.map((c) => c.psaId), chunk.map((c) => c.data)],
      );
    }
    return {
      Created: inserts.length,
      Updated: updates.length - detached,
      Detached: detached,
      // Every company the PSA listed, filtered out or not.
      Total: new Set(listed.map((c) => c.Id)).size,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Long operations

const running = new Map<string, AbortController>();

function toOperation(r: OperationRow): CrmOperation {
  const status = OperationStatus.safeParse(r.status);
  return {
    QueryId: r.id,
    Kind: r.kind as OperationKind,
    Status: status.success ? status.data : 'error',
    Message: r.message,
    StartedAt: r.startedAt.toISOString(),
    FinishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
    Data: (r.data ?? null) as unknown,
  };
}

/** What an operation does, by kind; the result is the operation's Data. */
async function work(
  deps: Pick<Deps, 'database'>,
  op: OperationRow,
  row: Row,
  client: PsaClient,
  signal: AbortSignal,
): Promise<unknown> {
  switch (op.kind as OperationKind) {
    case 'companies-sync':
      return syncCompanies(deps, row, client, signal);
    case 'configuration-filters': {
      const { types, statuses } = await filterOptions(client);
      return filtersView(filtersOf(row, statuses), types, statuses);
    }
    case 'filters-sync': {
      // The PSA's current types and statuses; saved choices the PSA no longer has are dropped.
      const { types, statuses } = await filterOptions(client);
      const current = filtersOf(row, statuses);
      const next: CrmFilters = {
        ...current,
        Types: current.Types.filter((id) => types.some((o) => o.Id === id)),
        Statuses: current.Statuses.filter((id) => statuses.some((o) => o.Id === id)),
      };
      if (row.filters !== null) {
        await deps.database.db
          .update(crmIntegrations)
          .set({ filters: next, updatedAt: new Date() })
          .where(eq(crmIntegrations.id, row.id));
      }
      return filtersView(next, types, statuses);
    }
    case 'company-filters': {
      const given = CrmFilters.safeParse((op.params as { Filters?: unknown } | null)?.Filters);
      const statuses = given.success ? [] : await client.filterOptions('statuses');
      const filters = given.success ? given.data : filtersOf(row, statuses);
      const companies = await client.listCompanies(signal);
      const matching = companies.filter((c) => passesFilters(c, filters));
      return {
        Total: companies.length,
        Matching: matching.length,
        Companies: matching,
      } satisfies CompanyFiltersPreview;
    }
    case 'companies':
      return client.listCompanies(signal);
  }
}

/**
 * Runs one queued operation to its end: completed with its data, cancelled, or error with the
 * generic message (the detail goes to the log). A cancel made anywhere is seen within a second.
 */
export async function runOperation(deps: Pick<Deps, 'database' | 'config'>, operationId: string): Promise<void> {
  const [op] = await deps.database.db.select().from(crmOperations).where(eq(crmOperations.id, operationId));
  if (!op || op.status !== 'pending') return;
  const [row] = await deps.database.db.select().from(crmIntegrations).where(eq(crmIntegrations.id, op.integrationId));
  if (!row) return;
  const controller = new AbortController();
  running.set(op.id, controller);
  if (op.cancelRequested) controller.abort();
  const watch = setInterval(() => {
    void deps.database.db
      .select({ cancel: crmOperations.cancelRequested })
      .from(crmOperations)
      .where(eq(crmOperations.id, op.id))
      .then(([r]) => {
        if (!r || r.cancel) controller.abort();
      })
      .catch(() => undefined);
  }, CANCEL_POLL_MS);
  watch.unref?.();
  const stopped = new Promise<never>((_, reject) => {
    if (controller.signal.aborted) reject(new Cancelled());
    controller.signal.addEventListener('abort', () => reject(new Cancelled()));
  });
  stopped.catch(() => undefined);
  const finish = (values: Partial<typeof crmOperations.$inferInsert>) =>
    deps.database.db
      .update(crmOperations)
      .set({ ...values, finishedAt: new Date() })
      .where(and(eq(crmOperations.id, op.id), eq(crmOperations.status, 'pending')));
  let opened: OpenedClient | null = null;
  try {
    opened = await clientFor(deps, row);
    const data = await Promise.race([work(deps, op, row, opened.client, controller.signal), stopped]);
    await finish({ status: 'completed', data: data as object });
    if (op.kind === 'companies-sync') {
      await deps.database.db
        .update(crmIntegrations)
        .set({ lastSyncAt: new Date(), lastSyncStatus: 'completed', lastError: null })
        .where(eq(crmIntegrations.id, row.id));
    }
  } catch (err) {
    const cancelled = controller.signal.aborted || err instanceof Cancelled;
    if (cancelled) {
      await finish({ status: 'cancelled', message: null });
    } else {
      console.error(`[crm-operation] ${op.kind} ${op.id} of integration ${row.id} failed:`, err);
      await finish({ status: 'error', message: OPERATION_FAILED });
    }
    if (op.kind === 'companies-sync') {
      await deps.database.db
        .update(crmIntegrations)
        .set({
          lastSyncAt: new Date(),
          lastSyncStatus: cancelled ? 'cancelled' : 'error',
          lastError: cancelled ? null : err instanceof Error ? err.message.slice(0, 500) : String(err),
        })
        .where(eq(crmIntegrations.id, row.id));
    }
  } finally {
    clearInterval(watch);
    running.delete(op.id);
    await opened?.flush();
  }
}

/** Queues an operation; without a job queue it runs here and the answer waits for it briefly. */
async function startOperation(
  deps: Deps,
  row: Row,
  kind: OperationKind,
  params: object | null = null,
): Promise<CrmOperation> {
  if (kind === 'companies-sync' || kind === 'filters-sync') {
    // A second click while one runs joins the running one.
    const [live] = await deps.database.db
      .select()
      .from(crmOperations)
      .where(
        and(
          eq(crmOperations.integrationId, row.id),
          eq(crmOperations.kind, kind),
          eq(crmOperations.status, 'pending'),
          sql`${crmOperations.startedAt} > now() - interval '30 minutes'`,
        ),
      );
    if (live) return toOperation(live);
  }
  const [op] = await deps.database.db
    .insert(crmOperations)
    .values({ id: randomUUID(), tenantId: row.tenantId, integrationId: row.id, kind, params })
    .returning();
  if (deps.jobs) {
    await deps.jobs.send(CRM_OPERATION_QUEUE, { operationId: op.id });
    deps.jobs.notify(CRM_OPERATION_QUEUE);
    return toOperation(op);
  }
  const run = runOperation(deps, op.id).catch((err: unknown) => console.error('[crm-operation]', err));
  await Promise.race([run, new Promise((r) => setTimeout(r, INLINE_WAIT_MS))]);
  return (await operationById(deps, op.id)) ?? toOperation(op);
}

async function operationById(deps: Pick<Deps, 'database'>, id: string): Promise<CrmOperation | null> {
  const [r] = await deps.database.db.select().from(crmOperations).where(eq(crmOperations.id, id));
  return r ? toOperation(r) : null;
}

/** The nightly sync: every integration whose properties ask for it. */
export async function autoSyncAll(deps: Deps): Promise<number> {
  const rows = await deps.database.db
    .select()
    .from(crmIntegrations)
    .where(sql`(${crmIntegrations.filterProperties} ->> 'AutoSync')::boolean IS TRUE`);
  for (const row of rows) await startOperation(deps, row, 'companies-sync');
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// The service behind the routes

export const PRELOAD_KINDS = ['configuration-filters', 'company-filters', 'companies'] as const;
export type PreloadKind = (typeof PRELOAD_KINDS)[number];

export class IntegrationService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.database.db;
  }

  async row(tenantId: number, id: number): Promise<Row> {
    const [row] = await this.db
      .select()
      .from(crmIntegrations)
      .where(and(eq(crmIntegrations.tenantId, tenantId), eq(crmIntegrations.id, id)));
    if (!row) throw notFound();
    return row;
  }

  /** The tenant's integration of this vendor (Halo's two products are one client, two types). */
  private async vendorRow(tenantId: number, vendor: CrmVendor, id: number): Promise<Row> {
    const row = await this.row(tenantId, id);
    if (row.crmType !== CRM_VENDORS[vendor].type) throw notFound();
    return row;
  }

  async current(tenantId: number): Promise<CrmCurrentConfig> {
    const [row] = await this.db.select().from(crmIntegrations).where(eq(crmIntegrations.tenantId, tenantId));
    if (!row) return { CrmTypeId: 0 as CrmTypeValue, Id: null, Vendor: null, Name: null };
    return { CrmTypeId: row.crmType as CrmTypeValue, Id: row.id, Vendor: vendorOf(row), Name: row.name };
  }

  async view(row: Row): Promise<CrmIntegration> {
    const vendor = vendorOf(row);
    const credentials: Record<string, unknown> = { ...(row.settings as Record<string, unknown>) };
    for (const f of SECRET_FIELDS[vendor]) {
      credentials[f] = null;
      credentials[`Has${f}`] = true;
    }
    const count = await this.deps.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM companies WHERE tenant_id = $1 AND type = 0 AND psa_id IS NOT NULL',
      [row.tenantId],
    );
    const status = OperationStatus.safeParse(row.lastSyncStatus);
    return {
      Id: row.id,
      CrmTypeId: row.crmType as CrmTypeValue,
      Vendor: vendor,
      Name: row.name,
      Credentials: credentials,
      IsValid: row.isValid,
      LastValidatedAt: row.validatedAt?.toISOString() ?? null,
      LastError: row.lastError,
      LastSyncAt: row.lastSyncAt?.toISOString() ?? null,
      LastSyncStatus: status.success ? status.data : null,
      CompaniesCount: Number(count.rows[0]?.n ?? 0),
      TicketProfileId: row.ticketProfileId,
      CreatedAt: row.createdAt.toISOString(),
    };
  }

  async get(tenantId: number, vendor: CrmVendor, id: number): Promise<CrmIntegration> {
    return this.view(await this.vendorRow(tenantId, vendor, id));
  }

  private async resolve(vendor: CrmVendor, raw: Record<string, unknown>, stored: Record<string, unknown> | null) {
    const creds = resolveCredentials(vendor, raw, stored, this.deps.config.PSA_ALLOW_HTTP);
    await refusePrivatePsaUrls(creds, outboundPolicy(this.deps.config));
    return creds;
  }

  /** A live call with these credentials; records its exchanges when an integration is named. */
  private async tryOut(
    vendor: CrmVendor,
    creds: Record<string, unknown>,
    row: Row | null,
    kept?: PsaExchange[],
  ): Promise<CrmValidation> {
    const recorder = row ? new ResponseRecorder(this.deps, row.tenantId, row.id, secretValues(vendor, creds)) : null;
    const record = recorder ? recorder.record : kept ? (e: PsaExchange) => void kept.push(e) : undefined;
    try {
      const client = createPsaClient(CRM_VENDORS[vendor].type, creds, {
        record,
        outbound: outboundPolicy(this.deps.config),
      });
      await client.validate();
      return { IsValid: true, Message: `Connected to ${CRM_VENDORS[vendor].label}.` };
    } catch (err) {
      if (!(err instanceof PsaError)) console.error('[psa] validation failed:', err);
      return { IsValid: false, Message: err instanceof PsaError ? err.message : 'The PSA could not be reached' };
    } finally {
      await recorder?.flush();
    }
  }

  async validate(tenantId: number, vendor: CrmVendor, input: CrmValidateInput): Promise<CrmValidation> {
    const row = input.Id ? await this.vendorRow(tenantId, vendor, input.Id) : null;
    const stored = row ? await openCredentials(this.deps, row) : null;
    return this.tryOut(vendor, await this.resolve(vendor, input.Credentials, stored), row);
  }

  private async existing(tenantId: number): Promise<Row | undefined> {
    const [row] = await this.db.select().from(crmIntegrations).where(eq(crmIntegrations.tenantId, tenantId));
    return row;
  }

  async create(tenantId: number, vendor: CrmVendor, input: CrmIntegrationInput): Promise<CrmIntegration> {
    const taken = await this.existing(tenantId);
    if (taken) throw conflict(conflictMessage(taken.name));
    const creds = await this.resolve(vendor, input.Credentials, null);
    // The first exchanges are kept once the integration exists, so support sees how it began.
    const exchanges: PsaExchange[] = [];
    const check = await this.tryOut(vendor, creds, null, exchanges);
    if (!check.IsValid) throw new HttpError(400, check.Message, [{ Field: 'Credentials', Message: check.Message }]);
    const { settings, secret } = splitCredentials(vendor, creds);
    try {
      const [row] = await this.db
        .insert(crmIntegrations)
        .values({
          tenantId,
          crmType: CRM_VENDORS[vendor].type,
          name: input.Name?.trim() || CRM_VENDORS[vendor].label,
          settings,
          secrets: (await secretsOf(this.deps)).seal(JSON.stringify(secret), secretContext(tenantId)),
          isValid: true,
          validatedAt: new Date(),
        })
        .returning();
      const recorder = new ResponseRecorder(this.deps, tenantId, row.id, secretValues(vendor, creds));
      for (const e of exchanges) recorder.record(e);
      await recorder.flush();
      return this.view(row);
    } catch (err) {
      // Two creates at once: the unique index lets one through.
      if ((err as { code?: string }).code === '23505') {
        const winner = await this.existing(tenantId);
        throw conflict(conflictMessage(winner?.name ?? CRM_VENDORS[vendor].label));
      }
      throw err;
    }
  }

  async update(tenantId: number, vendor: CrmVendor, id: number, input: CrmIntegrationInput): Promise<CrmIntegration> {
    const row = await this.vendorRow(tenantId, vendor, id);
    const creds = await this.resolve(vendor, input.Credentials, await openCredentials(this.deps, row));
    const check = await this.tryOut(vendor, creds, row);
    if (!check.IsValid) throw new HttpError(400, check.Message, [{ Field: 'Credentials', Message: check.Message }]);
    const { settings, secret } = splitCredentials(vendor, creds);
    const [saved] = await this.db
      .update(crmIntegrations)
      .set({
        name: input.Name?.trim() || row.name,
        settings,
        secrets: (await secretsOf(this.deps)).seal(JSON.stringify(secret), secretContext(tenantId)),
        isValid: true,
        validatedAt: new Date(),
        lastError: null,
        updatedAt: new Date(),
      })
      .where(eq(crmIntegrations.id, row.id))
      .returning();
    return this.view(saved);
  }

  /** Unlinks the PSA: its companies stay, as local companies; operations and stored answers go. */
  async remove(tenantId: number, id: number): Promise<{ Id: number }> {
    const row = await this.row(tenantId, id);
    for (const [opId, controller] of running) {
      const [op] = await this.db.select().from(crmOperations).where(eq(crmOperations.id, opId));
      if (op?.integrationId === row.id) controller.abort();
    }
    await this.deps.database.transaction(async (q) => {
      await q('UPDATE companies SET type = 1, psa_id = NULL, psa_data = NULL WHERE tenant_id = $1 AND type = 0', [
        tenantId,
      ]);
      await q('DELETE FROM crm_integrations WHERE id = $1 AND tenant_id = $2', [row.id, tenantId]);
    });
    return { Id: row.id };
  }

  // Filters

  private async withClient<T>(row: Row, fn: (client: PsaClient) => Promise<T>): Promise<T> {
    const { client, flush } = await clientFor(this.deps, row);
    try {
      return await fn(client);
    } catch (err) {
      if (err instanceof PsaError) throw psaFailed(err);
      throw err;
    } finally {
      await flush();
    }
  }

  async filters(tenantId: number, id: number): Promise<CrmFiltersView> {
    const row = await this.row(tenantId, id);
    return this.withClient(row, async (client) => {
      const { types, statuses } = await filterOptions(client);
      return filtersView(filtersOf(row, statuses), types, statuses);
    });
  }

  async saveFilters(tenantId: number, id: number, input: CrmFilters): Promise<CrmFiltersView> {
    const row = await this.row(tenantId, id);
    const { types, statuses } = await this.withClient(row, filterOptions);
    const filters: CrmFilters = { ...input, Types: [...new Set(input.Types)], Statuses: [...new Set(input.Statuses)] };
    const errors: { Field: string; Message: string }[] = [];
    const unknownType = filters.Types.find((t) => !types.some((o) => o.Id === t));
    if (unknownType !== undefined)
      errors.push({ Field: 'Types', Message: `The PSA has no company type ${unknownType}.` });
    const unknownStatus = filters.Statuses.find((s) => !statuses.some((o) => o.Id === s));
    if (unknownStatus !== undefined)
      errors.push({ Field: 'Statuses', Message: `The PSA has no company status ${unknownStatus}.` });
    if (errors.length) throw fieldErrors(errors);
    await this.db.update(crmIntegrations).set({ filters, updatedAt: new Date() }).where(eq(crmIntegrations.id, row.id));
    return filtersView(filters, types, statuses);
  }

  async properties(tenantId: number, id: number): Promise<CrmFilterProperties> {
    return propertiesOf(await this.row(tenantId, id));
  }

  async saveProperties(
    tenantId: number,
    id: number,
    input: Partial<CrmFilterProperties>,
  ): Promise<CrmFilterProperties> {
    const row = await this.row(tenantId, id);
    const next = { ...propertiesOf(row), ...input };
    await this.db
      .update(crmIntegrations)
      .set({ filterProperties: next, updatedAt: new Date() })
      .where(eq(crmIntegrations.id, row.id));
    return next;
  }

  // Operations

  async start(tenantId: number, id: number, kind: OperationKind, params: object | null = null): Promise<CrmOperation> {
    return startOperation(this.deps, await this.row(tenantId, id), kind, params);
  }

  async operation(tenantId: number, id: number, queryId: string, kind?: OperationKind): Promise<CrmOperation> {
    const row = await this.row(tenantId, id);
    const [op] = await this.db
      .select()
      .from(crmOperations)
      .where(and(eq(crmOperations.integrationId, row.id), eq(crmOperations.id, queryId)));
    if (!op || (kind && op.kind !== kind)) throw notFound();
    return toOperation(op);
  }

  /** Stops an operation: marked cancelled at once; the job stops at its next page. */
  async cancel(tenantId: number, id: number, queryId: string, kind: OperationKind): Promise<CrmOperation> {
    await this.operation(tenantId, id, queryId, kind);
    const [op] = await this.db
      .update(crmOperations)
      .set({
        cancelRequested: true,
        status: sql`CASE WHEN ${crmOperations.status} = 'pending' THEN 'cancelled' ELSE ${crmOperations.status} END`,
        finishedAt: sql`COALESCE(${crmOperations.finishedAt}, now())`,
      })
      .where(eq(crmOperations.id, queryId))
      .returning();
    running.get(queryId)?.abort();
    return toOperation(op);
  }

  // Lookups

  async lookup(
    tenantId: number,
    id: number,
    name: Parameters<PsaClient['lookup']>[0],
    parent?: string,
    child?: string,
  ): Promise<PsaOption[]> {
    const row = await this.row(tenantId, id);
    const list = await this.withClient(row, (client) => client.lookup(name, parent, child));
    if (list === null) throw notFound(noLookupMessage(name));
    return list;
  }

  /** The PSA id of a Vigil company, for caller lookups. */
  async psaCompanyId(tenantId: number, companyId: number): Promise<string> {
    const r = await this.deps.database.query<{ psa_id: string | null }>(
      'SELECT psa_id FROM companies WHERE tenant_id = $1 AND id = $2',
      [tenantId, companyId],
    );
    const c = r.rows[0];
    if (!c) throw notFound();
    if (!c.psa_id) {
      throw new HttpError(400, 'This company is not linked to the PSA.', [
        { Field: 'company', Message: 'This company is not linked to the PSA.' },
      ]);
    }
    return c.psa_id;
  }

  // Stored responses

  async responses(tenantId: number, id: number): Promise<StoredResponse[]> {
    const row = await this.row(tenantId, id);
    const rows = await this.db
      .select({
        id: crmResponses.id,
        at: crmResponses.at,
        method: crmResponses.method,
        path: crmResponses.path,
        status: crmResponses.status,
        durationMs: crmResponses.durationMs,
        size: sql<number>`octet_length(${crmResponses.body})::int`,
      })
      .from(crmResponses)
      .where(eq(crmResponses.integrationId, row.id))
      .orderBy(desc(crmResponses.id))
      .limit(STORED_RESPONSES);
    return rows.map((r) => ({
      Id: r.id,
      At: r.at.toISOString(),
      Method: r.method,
      Path: r.path,
      Status: r.status,
      DurationMs: r.durationMs,
      Size: Number(r.size),
    }));
  }

  async response(tenantId: number, id: number, responseId: number) {
    const row = await this.row(tenantId, id);
    const [r] = await this.db
      .select()
      .from(crmResponses)
      .where(and(eq(crmResponses.integrationId, row.id), eq(crmResponses.id, responseId)));
    if (!r) throw notFound();
    return r;
  }
}

/** Removes finished operations older than a week (their data can be large). */
export async function purgeOperations(deps: Pick<Deps, 'database'>, now = new Date()): Promise<void> {
  await deps.database.db
    .delete(crmOperations)
    .where(
      and(
        sql`${crmOperations.status} <> 'pending'`,
        lt(crmOperations.startedAt, new Date(now.getTime() - 7 * 86_400_000)),
      ),
    );
}
