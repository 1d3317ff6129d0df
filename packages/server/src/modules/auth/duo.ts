import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DuoMessages, ServerMessages, type DuoChallenge, type DuoLogin, type TokenPair } from '@vigil/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { tenantSecondFactors, users } from '../../db/schema/index.ts';
import { HttpError, unauthorized } from '../../platform/errors.ts';
import type { TokenService } from '../../platform/auth/tokens.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { recordLogin, type RequestMeta } from './activity.ts';
import { clearAttempts } from './attempts.ts';
import { duoClient, duoError, type DuoApplication } from './duo-client.ts';
import type { SessionService } from './sessions.ts';
import { refuseDisabledTenant } from './tenant-enabled.ts';

type UserRow = typeof users.$inferSelect;
export const DUO_SECRET_CONTEXT = 'duo-client-secret';

/** Duo's state for a sign-in: derived from its challenge token, so only that browser's answer matches. */
const stateOf = (challengeToken: string) => createHash('sha256').update(challengeToken).digest('base64url');

/** The tenant's Duo application when the tenant asks for Duo, else null. */
export async function tenantDuo(
  database: Database,
  secrets: Secrets,
  tenantId: number | null,
): Promise<DuoApplication | null> {
  if (tenantId === null) return null;
  const [row] = await database.db.select().from(tenantSecondFactors).where(eq(tenantSecondFactors.tenantId, tenantId));
  if (!row || row.method !== 'duo' || !row.duoClientId || !row.duoClientSecret || !row.duoApiHost) return null;
  const clientSecret = secrets.openOrPlain(row.duoClientSecret, DUO_SECRET_CONTEXT);
  if (!clientSecret) return null;
  return { clientId: row.duoClientId, clientSecret, apiHost: row.duoApiHost };
}

/**
 * Duo Universal Prompt as the second factor a tenant may require instead of authenticator codes:
 * after the first factor the browser goes to Duo with a signed request; Duo sends it back to
 * `/page/duo` with the state and a code, which Duo's library exchanges and verifies.
 */
export class DuoGate {
  constructor(
    private readonly config: Config,
    private readonly database: Database,
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    private readonly secrets: Secrets,
  ) {}

  private async record(user: UserRow | null, success: boolean, reason: string, meta: RequestMeta, name?: string) {
    await recordLogin(
      this.database,
      {
        userId: user?.id ?? null,
        tenantId: user?.tenantId ?? null,
        userName: user?.email ?? name ?? '(Duo sign-in)',
        success,
        reason: reason.slice(0, 300),
      },
      meta,
    );
  }

  /** The Duo step when the user's tenant asks for it, else null. */
  async challenge(user: UserRow, meta: RequestMeta): Promise<DuoChallenge | null> {
    const app = await tenantDuo(this.database, this.secrets, user.tenantId);
    if (!app) return null;
    const challengeToken = await this.tokens.signChallenge(user.id, 'duo');
    try {
      const client = duoClient(this.config, app);
      // Duo asks integrations to check it is up before sending anyone to it.
      await client.healthCheck();
      const duoUrl = await client.createAuthUrl(user.email, stateOf(challengeToken));
      return { duoRequired: true, duoUrl, challengeToken, Message: DuoMessages.required };
    } catch (err) {
      await this.record(user, false, `duo: unavailable: ${duoError(err)}`, meta);
      throw new HttpError(502, DuoMessages.unavailable);
    }
  }

  /** Finishes a sign-in from Duo's answer. */
  async finish(body: DuoLogin, meta: RequestMeta): Promise<TokenPair> {
    const userId = await this.tokens.verifyChallenge(body.challengeToken, 'duo');
    if (!userId) throw unauthorized(ServerMessages.sessionExpiredMfa);
    const [user] = await this.database.db.select().from(users).where(eq(users.id, userId));
    if (!user || !user.isEnabled) throw unauthorized(ServerMessages.invalidCredentials);
    if (!body.state || body.state !== stateOf(body.challengeToken)) {
      await this.record(user, false, 'duo: state mismatch', meta);
      throw new HttpError(400, DuoMessages.stateMismatch);
    }
    if (!body.duo_code) {
      await this.record(user, false, 'duo: no code', meta);
      throw new HttpError(400, DuoMessages.failed);
    }
    const app = await tenantDuo(this.database, this.secrets, user.tenantId);
    if (!app) throw new HttpError(400, DuoMessages.notRequired);
    let result;
    try {
      result = await duoClient(this.config, app).exchangeAuthorizationCodeFor2FAResult(body.duo_code, user.email);
    } catch (err) {
      await this.record(user, false, `duo: verification failed: ${duoError(err)}`, meta);
      throw unauthorized(DuoMessages.failed);
    }
    const outcome = result.auth_result?.result ?? result.auth_context?.result;
    if (outcome !== 'allow') {
      await this.record(user, false, `duo: ${outcome ?? 'no result'}`, meta);
      throw unauthorized(DuoMessages.failed);
    }
    await refuseDisabledTenant(this.database, user, meta);
    await clearAttempts(this.database, user.id);
    await this.record(user, true, 'duo: signed in', meta);
    return this.sessions.issue(user);
  }
}
