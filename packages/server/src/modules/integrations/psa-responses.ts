import { and, desc, eq, sql } from 'drizzle-orm';
import type { StoredResponse } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { crmResponses } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import type { PsaExchange } from './psa/types.ts';

/**
 * Stored responses: every exchange with a PSA is kept (redacted) for support, the newest few
 * hundred per integration.
 */

/** Stored PSA answers kept per integration. */
export const STORED_RESPONSES = 300;

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
export class ResponseRecorder {
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

/** The newest stored answers of an integration, without their bodies. */
export async function listResponses(deps: Pick<Deps, 'database'>, integrationId: number): Promise<StoredResponse[]> {
  const rows = await deps.database.db
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
    .where(eq(crmResponses.integrationId, integrationId))
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

/** One stored answer of an integration, with its body. */
export async function storedResponse(deps: Pick<Deps, 'database'>, integrationId: number, responseId: number) {
  const [r] = await deps.database.db
    .select()
    .from(crmResponses)
    .where(and(eq(crmResponses.integrationId, integrationId), eq(crmResponses.id, responseId)));
  if (!r) throw notFound();
  return r;
}
