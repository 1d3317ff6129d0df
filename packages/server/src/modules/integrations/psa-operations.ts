import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import {
  CrmFilters,
  OPERATION_FAILED,
  OperationStatus,
  type CompanyFiltersPreview,
  type CrmOperation,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { crmIntegrations, crmOperations } from '../../db/schema/index.ts';
import type { PsaClient } from './psa/types.ts';
import { clientFor, type OpenedClient } from './psa-client.ts';
import { Cancelled, syncCompanies } from './psa-companies.ts';
import { filterOptions, filtersOf, filtersView, passesFilters } from './psa-filters.ts';
import type { IntegrationRow, OperationKind, OperationRow } from './types.ts';

/**
 * Long PSA operations (syncs and preloads): queued as a job, or run in this process without a
 * job queue; cancelled from any node.
 */

export const CRM_OPERATION_QUEUE = 'crm-operation';

/** Without a job queue an operation runs in this process; the request waits this long for it. */
const INLINE_WAIT_MS = 1000;
/** How often a running operation looks for a cancel made on another node. */
const CANCEL_POLL_MS = 1000;

const running = new Map<string, AbortController>();

/** Stops a running operation of this process, if there is one. */
export function abortOperation(operationId: string): void {
  running.get(operationId)?.abort();
}

/** Stops this process's running operations of an integration (it is being deleted). */
export async function abortOperationsOf(deps: Pick<Deps, 'database'>, integrationId: number): Promise<void> {
  for (const [opId, controller] of running) {
    const [op] = await deps.database.db.select().from(crmOperations).where(eq(crmOperations.id, opId));
    if (op?.integrationId === integrationId) controller.abort();
  }
}

export function toOperation(r: OperationRow): CrmOperation {
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
  row: IntegrationRow,
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
export async function runOperation(
  deps: Pick<Deps, 'database' | 'config' | 'secrets'>,
  operationId: string,
): Promise<void> {
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
export async function startOperation(
  deps: Deps,
  row: IntegrationRow,
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
