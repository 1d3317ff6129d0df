import { eq } from 'drizzle-orm';
import {
  DUO_CLIENT_ID_LENGTH,
  DUO_CLIENT_SECRET_LENGTH,
  DuoMessages,
  type SecondFactorInput,
  type SecondFactorSettings,
} from '@vigil/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { tenantSecondFactors } from '../../db/schema/index.ts';
import { badRequest, HttpError } from '../../platform/errors.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { DUO_SECRET_CONTEXT } from './duo.ts';
import { duoClient } from './duo-client.ts';

/** The tenant's second-factor setting (Settings → Security): the authenticator, or Duo. */
export class SecondFactorSettingsService {
  constructor(
    private readonly config: Config,
    private readonly database: Database,
    private readonly secrets: Secrets,
  ) {}

  private async row(tenantId: number) {
    const [row] = await this.database.db
      .select()
      .from(tenantSecondFactors)
      .where(eq(tenantSecondFactors.tenantId, tenantId));
    return row;
  }

  async get(tenantId: number): Promise<SecondFactorSettings> {
    const row = await this.row(tenantId);
    return {
      Method: row?.method === 'duo' ? 'duo' : 'authenticator',
      DuoClientId: row?.duoClientId ?? null,
      DuoApiHost: row?.duoApiHost ?? null,
      HasDuoClientSecret: !!row?.duoClientSecret,
    };
  }

  /** Saves the setting; Duo is switched on only once Duo's health check accepts the application. */
  async save(tenantId: number, input: SecondFactorInput): Promise<SecondFactorSettings> {
    const row = await this.row(tenantId);
    const clientId = input.DuoClientId?.trim() || row?.duoClientId || null;
    const apiHost = input.DuoApiHost?.trim() || row?.duoApiHost || null;
    const storedSecret = row?.duoClientSecret
      ? this.secrets.openOrPlain(row.duoClientSecret, DUO_SECRET_CONTEXT)
      : null;
    const secret = input.DuoClientSecret?.trim() || storedSecret;
    if (input.Method === 'duo') {
      if (!clientId || clientId.length !== DUO_CLIENT_ID_LENGTH)
        throw badRequest(DuoMessages.clientIdLength, 'DuoClientId');
      if (!secret || secret.length !== DUO_CLIENT_SECRET_LENGTH)
        throw badRequest(DuoMessages.clientSecretLength, 'DuoClientSecret');
      if (!apiHost) throw badRequest(DuoMessages.apiHostRequired, 'DuoApiHost');
      try {
        await duoClient(this.config, { clientId, clientSecret: secret, apiHost }).healthCheck();
      } catch (err) {
        // Duo's own words (its library's message), not the transport's.
        const message = DuoMessages.unreachable(err instanceof Error ? err.message : String(err));
        throw new HttpError(400, message, [{ Field: 'DuoApiHost', Message: message }]);
      }
    }
    const values = {
      method: input.Method,
      duoClientId: clientId,
      duoApiHost: apiHost,
      duoClientSecret: secret ? this.secrets.seal(secret, DUO_SECRET_CONTEXT) : null,
      updatedAt: new Date(),
    };
    await this.database.db
      .insert(tenantSecondFactors)
      .values({ tenantId, ...values })
      .onConflictDoUpdate({ target: tenantSecondFactors.tenantId, set: values });
    return this.get(tenantId);
  }
}
