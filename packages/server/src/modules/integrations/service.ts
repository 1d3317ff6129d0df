import { and, eq, sql } from 'drizzle-orm';
import {
  CRM_VENDORS,
  SECRET_FIELDS,
  OperationStatus,
  type CrmCurrentConfig,
  type CrmFilterProperties,
  type CrmFilters,
  type CrmFiltersView,
  type CrmIntegration,
  type CrmIntegrationInput,
  type CrmOperation,
  type CrmTypeValue,
  type CrmValidation,
  type CrmValidateInput,
  type CrmVendor,
  type PsaOption,
  type StoredResponse,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { crmIntegrations, crmOperations } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { outboundPolicy } from '../../platform/outbound.ts';
import { PsaError, PsaRefused, type PsaClient, type PsaExchange } from './psa/types.ts';
import { clientFor, tryCredentials } from './psa-client.ts';
import {
  fieldErrors,
  openCredentials,
  resolveCredentials,
  secretContext,
  secretsOf,
  secretValues,
  splitCredentials,
  vendorOf,
} from './psa-credentials.ts';
import { filterOptions, filtersOf, filtersView, propertiesOf } from './psa-filters.ts';
import { abortOperation, abortOperationsOf, startOperation, toOperation } from './psa-operations.ts';
import { refusePrivatePsaUrls } from './psa-outbound.ts';
import { listResponses, ResponseRecorder, storedResponse } from './psa-responses.ts';
import type { IntegrationRow, OperationKind } from './types.ts';

// The PSA API other modules and the routes use; each concern lives in its psa-*.ts file.
export { psaForTenant } from './psa-client.ts';
export { resolveCredentials } from './psa-credentials.ts';
export { STORED_RESPONSES } from './psa-responses.ts';
export type { OperationKind } from './types.ts';

export const conflictMessage = (name: string) =>
  `This tenant is already linked to a PSA (${name}). Delete that integration before adding another.`;
export const noLookupMessage = (lookup: string) => `This PSA has no ${lookup}`;

const conflict = (message: string) => new HttpError(409, message);
const psaFailed = (err: unknown) =>
  new HttpError(
    err instanceof PsaRefused ? 400 : 502,
    err instanceof Error ? err.message : 'The PSA could not be reached',
  );

export const PRELOAD_KINDS = ['configuration-filters', 'company-filters', 'companies'] as const;
export type PreloadKind = (typeof PRELOAD_KINDS)[number];

export class IntegrationService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.database.db;
  }

  async row(tenantId: number, id: number): Promise<IntegrationRow> {
    const [row] = await this.db
      .select()
      .from(crmIntegrations)
      .where(and(eq(crmIntegrations.tenantId, tenantId), eq(crmIntegrations.id, id)));
    if (!row) throw notFound();
    return row;
  }

  /** The tenant's integration of this vendor (Halo's two products are one client, two types). */
  private async vendorRow(tenantId: number, vendor: CrmVendor, id: number): Promise<IntegrationRow> {
    const row = await this.row(tenantId, id);
    if (row.crmType !== CRM_VENDORS[vendor].type) throw notFound();
    return row;
  }

  async current(tenantId: number): Promise<CrmCurrentConfig> {
    const [row] = await this.db.select().from(crmIntegrations).where(eq(crmIntegrations.tenantId, tenantId));
    if (!row) return { CrmTypeId: 0 as CrmTypeValue, Id: null, Vendor: null, Name: null };
    return { CrmTypeId: row.crmType as CrmTypeValue, Id: row.id, Vendor: vendorOf(row), Name: row.name };
  }

  async view(row: IntegrationRow): Promise<CrmIntegration> {
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

  async validate(tenantId: number, vendor: CrmVendor, input: CrmValidateInput): Promise<CrmValidation> {
    const row = input.Id ? await this.vendorRow(tenantId, vendor, input.Id) : null;
    const stored = row ? await openCredentials(this.deps, row) : null;
    return tryCredentials(this.deps, vendor, await this.resolve(vendor, input.Credentials, stored), row);
  }

  private async existing(tenantId: number): Promise<IntegrationRow | undefined> {
    const [row] = await this.db.select().from(crmIntegrations).where(eq(crmIntegrations.tenantId, tenantId));
    return row;
  }

  async create(tenantId: number, vendor: CrmVendor, input: CrmIntegrationInput): Promise<CrmIntegration> {
    const taken = await this.existing(tenantId);
    if (taken) throw conflict(conflictMessage(taken.name));
    const creds = await this.resolve(vendor, input.Credentials, null);
    // The first exchanges are kept once the integration exists, so support sees how it began.
    const exchanges: PsaExchange[] = [];
    const check = await tryCredentials(this.deps, vendor, creds, null, exchanges);
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
    const check = await tryCredentials(this.deps, vendor, creds, row);
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
    await abortOperationsOf(this.deps, row.id);
    await this.deps.database.transaction(async (q) => {
      await q('UPDATE companies SET type = 1, psa_id = NULL, psa_data = NULL WHERE tenant_id = $1 AND type = 0', [
        tenantId,
      ]);
      await q('DELETE FROM crm_integrations WHERE id = $1 AND tenant_id = $2', [row.id, tenantId]);
    });
    return { Id: row.id };
  }

  // Filters

  private async withClient<T>(row: IntegrationRow, fn: (client: PsaClient) => Promise<T>): Promise<T> {
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
    abortOperation(queryId);
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
    return listResponses(this.deps, (await this.row(tenantId, id)).id);
  }

  async response(tenantId: number, id: number, responseId: number) {
    return storedResponse(this.deps, (await this.row(tenantId, id)).id, responseId);
  }
}
