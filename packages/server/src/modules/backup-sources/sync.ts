import type { BackupSourceType } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import type { QueryFn } from '../../db/client.ts';
import { storableText } from '../../platform/input.ts';
import { vendorContext } from './context.ts';
import { openCredentials } from './credentials.ts';
import { fileSessionPage } from './session-filing.ts';
import { connectorFor } from './vendors/index.ts';
import { VendorAuthError, type VendorAsset, type VendorCustomer } from './vendors/types.ts';

/**
 * One sync of one source: claim it, store its customers and assets, then file its sessions page
 * by page from the stored cursor. Stops between calls once cancelled. The outcome sets the
 * source's health: Healthy on success; Unhealthy after UNHEALTHY_AFTER failures in a row, or at
 * once when the vendor refuses the credentials.
 */

type SyncDeps = Pick<Deps, 'database' | 'secrets' | 'config' | 'pipeline'>;

export const UNHEALTHY_AFTER = 3;
/** A sync whose worker has not filed a page for this long is taken as gone (a crash). */
export const STALE_SYNC_MINUTES = 10;
/** Customers and assets are written in chunks of this many, so memory stays bounded. */
const CHUNK = 200;

/** Syncs running in this process, so a cancel stops them at once (other processes see the row). */
const running = new Map<number, AbortController>();

export function abortLocalSync(sourceId: number): void {
  running.get(sourceId)?.abort();
}

interface Claimed {
  id: number;
  tenant_id: number;
  type: BackupSourceType;
  region: string | null;
  credentials: string;
  cursor: string | null;
}

class Cancelled extends Error {}

async function inChunks<T>(items: AsyncIterable<T>, write: (chunk: T[]) => Promise<void>, signal: AbortSignal) {
  let chunk: T[] = [];
  for await (const item of items) {
    if (signal.aborted) throw new Cancelled();
    chunk.push(item);
    if (chunk.length >= CHUNK) {
      await write(chunk);
      chunk = [];
    }
  }
  if (chunk.length) await write(chunk);
}

const text = (s: string | null | undefined, n = 500) => (s ? storableText(s, n) : null);

async function storeCustomers(q: QueryFn, source: Claimed, list: VendorCustomer[]) {
  await q(
    `INSERT INTO backup_source_customers (source_id, tenant_id, external_id, name)
     SELECT $1, $2, x.e, x.n FROM unnest($3::text[], $4::text[]) AS x(e, n)
     ON CONFLICT (source_id, external_id) DO UPDATE SET name = EXCLUDED.name, updated_at = now()`,
    [source.id, source.tenant_id, list.map((c) => text(c.id, 200)), list.map((c) => text(c.name) ?? c.id)],
  );
}

async function storeAssets(q: QueryFn, source: Claimed, list: VendorAsset[]) {
  await q(
    `INSERT INTO backup_source_assets (source_id, tenant_id, kind, external_id, parent_external_id, customer_id, name,
       fields, console_url)
     SELECT $1, $2, x.k, x.e, x.p, x.c, x.n, x.f, x.u
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::jsonb[], $9::text[])
         AS x(k, e, p, c, n, f, u)
     ON CONFLICT (source_id, kind, external_id) DO UPDATE SET parent_external_id = EXCLUDED.parent_external_id,
       customer_id = EXCLUDED.customer_id, name = EXCLUDED.name, fields = EXCLUDED.fields,
       console_url = EXCLUDED.console_url, updated_at = now()`,
    [
      source.id,
      source.tenant_id,
      list.map((a) => a.kind),
      list.map((a) => text(a.externalId, 200)),
      list.map((a) => text(a.parentExternalId, 200)),
      list.map((a) => text(a.customerId, 200)),
      list.map((a) => text(a.name) ?? a.externalId),
      list.map((a) => JSON.stringify(a.fields ?? {})),
      list.map((a) => text(a.consoleUrl, 2000)),
    ],
  );
}

/** Takes a source queued for a sync (status pending) that no live worker holds. */
async function claim(deps: SyncDeps, sourceId: number): Promise<Claimed | null> {
  const r = await deps.database.query<Claimed>(
    `UPDATE backup_sources SET sync_started_at = now(), last_sync_at = now(), updated_at = now()
      WHERE id = $1 AND sync_status = 'pending'
        AND (sync_started_at IS NULL OR sync_started_at < now() - make_interval(mins => ${STALE_SYNC_MINUTES}))
      RETURNING id, tenant_id, type, region, credentials, cursor`,
    [sourceId],
  );
  return r.rows[0] ?? null;
}

async function cancelledInDatabase(deps: SyncDeps, sourceId: number): Promise<boolean> {
  const r = await deps.database.query<{ sync_status: string }>('SELECT sync_status FROM backup_sources WHERE id = $1', [
    sourceId,
  ]);
  return r.rows[0]?.sync_status !== 'pending';
}

/** Runs a queued sync of a source; returns the status it ended in, or null when it was not queued or is held. */
export async function runSync(deps: SyncDeps, sourceId: number): Promise<string | null> {
  const source = await claim(deps, sourceId);
  if (!source) return null;
  const connector = connectorFor(source.type);
  const controller = new AbortController();
  running.set(source.id, controller);
  const touched: { backupId: number; since: Date }[] = [];
  const discovered: number[] = [];
  try {
    if (!connector) throw new Error('This backup integration is not available any more.');
    const credentials = openCredentials(deps.secrets, source.tenant_id, source.credentials);
    if (!credentials) throw new VendorAuthError('The stored credentials cannot be read any more; enter them again.', 0);
    const settings = { credentials, region: source.region };
    const ctx = vendorContext(deps, source.type, controller.signal);
    const { signal } = controller;
    await inChunks(
      connector.customers(ctx, settings),
      (list) => deps.database.transaction((q) => storeCustomers(q, source, list)),
      signal,
    );
    if (connector.assets) {
      await inChunks(
        connector.assets(ctx, settings),
        (list) => deps.database.transaction((q) => storeAssets(q, source, list)),
        signal,
      );
    }
    for await (const page of connector.sessions(ctx, settings, source.cursor)) {
      if (signal.aborted || (await cancelledInDatabase(deps, source.id))) throw new Cancelled();
      await fileSessionPage(
        deps,
        { id: source.id, tenantId: source.tenant_id, type: source.type },
        page,
        touched,
        discovered,
      );
      // Re-roll and run the new-backup hooks per page, so nothing accumulates over a long sync.
      await deps.pipeline.afterFiling(touched.splice(0), discovered.splice(0));
    }
    if (signal.aborted) throw new Cancelled();
    await deps.database.query(
      `UPDATE backup_sources SET sync_status = 'completed', sync_started_at = NULL, last_success_at = now(),
         health = 'Healthy', consecutive_failures = 0, last_error = NULL, updated_at = now() WHERE id = $1`,
      [source.id],
    );
    return 'completed';
  } catch (err) {
    if (err instanceof Cancelled || (controller.signal.aborted && (await cancelledInDatabase(deps, source.id)))) {
      await deps.database.query(
        `UPDATE backup_sources SET sync_status = 'cancelled', sync_started_at = NULL, updated_at = now() WHERE id = $1`,
        [source.id],
      );
      return 'cancelled';
    }
    const message = storableText(err instanceof Error ? err.message : String(err), 2000);
    await deps.database.query(
      `UPDATE backup_sources SET sync_status = 'error', sync_started_at = NULL, last_error = $2,
         consecutive_failures = consecutive_failures + 1,
         health = CASE WHEN $3 OR consecutive_failures + 1 >= ${UNHEALTHY_AFTER} THEN 'Unhealthy' ELSE health END,
         updated_at = now()
       WHERE id = $1`,
      [source.id, message, err instanceof VendorAuthError],
    );
    return 'error';
  } finally {
    running.delete(source.id);
    // Pages filed before a failure or a cancel stay filed: finish their re-roll and hooks.
    await deps.pipeline.afterFiling(touched, discovered);
  }
}
