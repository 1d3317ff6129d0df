import { and, eq, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import {
  SSO_MESSAGE_TYPE,
  SSO_PROVIDER_NAMES,
  ServerMessages,
  SignupMessages,
  SsoMessages,
  UserLevel,
  type SsoProvider,
} from '@vigil/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { tenants, userIdentities, users } from '../../db/schema/index.ts';
import type { TokenService } from '../../platform/auth/tokens.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { recordLogin, type RequestMeta } from '../auth/activity.ts';
import { tenantIsDisabled } from '../auth/tenant-enabled.ts';
import type { SessionService } from '../auth/sessions.ts';
import { mfaSetupChallenge } from '../auth/mfa-challenge.ts';
import { openFlow, sealFlow } from './flow.ts';
import { DiscoveryCache, callbackPath, providerConfigs, type ProviderConfig } from './providers.ts';
import { type Outcome, type UserRow, type VerifiedIdentity, describeError, failure } from './sso-outcome.ts';

/**
 * Sign-in with Microsoft and Google: OpenID Connect authorization code flow with PKCE, state and
 * nonce, run by the server. A provider account is tied to a Vigil user by a stored identity
 * (provider + subject), made on first use from the verified e-mail address. Nobody gets an
 * account this way: the e-mail must belong to an existing user.
 */
export class SsoService {
  private readonly providers: Partial<Record<SsoProvider, ProviderConfig>>;
  private readonly discovery = new DiscoveryCache();

  constructor(
    private readonly config: Config,
    private readonly database: Database,
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    private readonly secrets: Secrets,
  ) {
    this.providers = providerConfigs(config);
  }

  provider(id: SsoProvider): ProviderConfig | undefined {
    return this.providers[id];
  }

  private redirectUri(provider: SsoProvider): string {
    return `${this.config.publicUrl}${callbackPath(provider)}`;
  }

  /** The provider's authorization URL and the sealed flow to keep in the browser's cookie. */
  async start(provider: SsoProvider): Promise<{ url: string; sealed: string } | Outcome> {
    const cfg = this.providers[provider];
    if (!cfg) return failure(404, provider, SsoMessages.notConfigured(SSO_PROVIDER_NAMES[provider]));
    let server: oidc.Configuration;
    try {
      server = await this.discovery.get(cfg);
    } catch {
      return failure(502, provider, SsoMessages.providerUnavailable(cfg.name));
    }
    const verifier = oidc.randomPKCECodeVerifier();
    const flow = {
      provider,
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier,
      startedAt: Date.now(),
    };
    const url = oidc.buildAuthorizationUrl(server, {
      redirect_uri: this.redirectUri(provider),
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return { url: url.href, sealed: sealFlow(this.secrets, flow) };
  }

  /** Finishes a sign-in from the provider's redirect back to us. */
  async callback(
    provider: SsoProvider,
    requestUrl: string,
    sealedFlow: string | undefined,
    meta: RequestMeta,
  ): Promise<Outcome> {
    const cfg = this.providers[provider];
    if (!cfg) return failure(404, provider, SsoMessages.notConfigured(SSO_PROVIDER_NAMES[provider]));
    const current = new URL(requestUrl, this.config.publicUrl);
    const params = current.searchParams;
    if ([...params.keys()].length === 0) return failure(400, provider, SsoMessages.noParameters);
    const error = params.get('error');
    if (error) {
      // Platform §8: an error the provider sends back is reported as given.
      const description = params.get('error_description');
      return failure(400, provider, description ? `${error}: ${description}` : error);
    }
    const anonymous = (reason: string) =>
      recordLogin(
        this.database,
        { userName: `(${cfg.name} sign-in)`, success: false, reason: `${provider}: ${reason}` },
        meta,
      );

    const flow = openFlow(this.secrets, sealedFlow, provider);
    if (!flow) {
      await anonymous('sign-in flow missing or expired');
      return failure(400, provider, SsoMessages.flowExpired);
    }
    if (params.get('state') !== flow.state) {
      await anonymous('state mismatch');
      return failure(400, provider, SsoMessages.verificationFailed);
    }

    let identity: VerifiedIdentity;
    try {
      const server = await this.discovery.get(cfg);
      // The token exchange must name the registered redirect URI, whatever host the request came in on.
      const callbackUrl = new URL(this.redirectUri(provider));
      callbackUrl.search = current.search;
      const grant = await oidc.authorizationCodeGrant(server, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      identity = await this.identityOf(server, grant);
    } catch (err) {
      const reason = describeError(err);
      const unreachable = err instanceof TypeError || /fetch failed|timed? ?out|ECONNREFUSED/i.test(reason);
      await anonymous(`${unreachable ? 'provider unreachable' : 'verification failed'}: ${reason}`.slice(0, 300));
      return unreachable
        ? failure(502, provider, SsoMessages.providerUnavailable(cfg.name))
        : failure(400, provider, SsoMessages.verificationFailed);
    }
    return this.signIn(cfg, identity, meta);
  }

  private async identityOf(
    server: oidc.Configuration,
    grant: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
  ): Promise<VerifiedIdentity> {
    const claims = grant.claims();
    if (!claims) throw new Error('no ID token');
    let email = typeof claims.email === 'string' ? claims.email : null;
    let verified = claims.email_verified === true || claims.xms_edov === true;
    if (!email && grant.access_token) {
      // Some providers keep the e-mail out of the ID token; UserInfo has it for the same subject.
      const info = await oidc.fetchUserInfo(server, grant.access_token, claims.sub);
      email = typeof info.email === 'string' ? info.email : null;
      verified = info.email_verified === true || info.xms_edov === true;
    }
    return { subject: claims.sub, email: email?.trim().toLowerCase() || null, emailVerified: verified };
  }

  private async signIn(cfg: ProviderConfig, identity: VerifiedIdentity, meta: RequestMeta): Promise<Outcome> {
    const provider = cfg.id;
    const db = this.database.db;
    const record = (user: UserRow | null, userName: string, success: boolean, reason: string) =>
      recordLogin(
        this.database,
        {
          userId: user?.id ?? null,
          tenantId: user?.tenantId ?? null,
          userName,
          success,
          reason: `${provider}: ${reason}`,
        },
        meta,
      );

    const [linked] = await db
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, identity.subject)));
    let user = linked?.user ?? null;
    let link = false;
    if (!user) {
      if (!identity.email || !identity.emailVerified) {
        await record(null, identity.email ?? `(${cfg.name} sign-in)`, false, 'e-mail not verified');
        return failure(401, provider, SsoMessages.emailNotVerified(cfg.name));
      }
      [user] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${identity.email}`);
      if (!user) {
        await record(null, identity.email, false, 'unknown e-mail');
        return failure(401, provider, SsoMessages.unknownEmail(identity.email));
      }
      const [other] = await db
        .select({ id: userIdentities.id })
        .from(userIdentities)
        .where(and(eq(userIdentities.userId, user.id), eq(userIdentities.provider, provider)));
      if (other) {
        // Another account of the same provider claims this address: never take over a linked user.
        await record(user, user.email, false, 'linked to another account');
        return failure(403, provider, SsoMessages.linkedElsewhere(cfg.name));
      }
      link = true;
    }

    if (!user.isEnabled || (user.tenantId !== null && user.level === UserLevel.Disabled)) {
      await record(user, user.email, false, 'disabled');
      return failure(401, provider, ServerMessages.accountDisabled);
    }
    if (await tenantIsDisabled(this.database, user.tenantId)) {
      await record(user, user.email, false, 'tenant disabled');
      return failure(401, provider, ServerMessages.tenantDisabled);
    }
    if (!user.emailConfirmed) {
      // Sign-up's confirmation link stays the one way to activate a new account.
      await record(user, user.email, false, 'e-mail not confirmed');
      return failure(401, provider, SignupMessages.emailNotConfirmed);
    }
    if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
      await record(user, user.email, false, 'locked out');
      return failure(429, provider, ServerMessages.tooManyAttempts);
    }
    if (user.tenantId !== null && user.level === UserLevel.Client) {
      const [tenant] = await db
        .select({ on: tenants.clientSsoEnabled })
        .from(tenants)
        .where(eq(tenants.id, user.tenantId));
      if (!tenant?.on) {
        await record(user, user.email, false, 'client single sign-on is off');
        return failure(403, provider, SsoMessages.clientSsoOff);
      }
    }

    const now = new Date();
    if (link) {
      await db
        .insert(userIdentities)
        .values({ userId: user.id, provider, subject: identity.subject, email: identity.email, lastUsedAt: now })
        .onConflictDoNothing();
    } else {
      await db
        .update(userIdentities)
        .set({ lastUsedAt: now, ...(identity.email ? { email: identity.email } : {}) })
        .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, identity.subject)));
    }

    if (user.mfaEnabled && user.mfaSecret) {
      // The provider proves who this is; the user's own second factor is still asked for.
      return {
        status: 200,
        result: {
          type: SSO_MESSAGE_TYPE,
          outcome: 'mfa',
          provider,
          mfaRequired: true,
          mfaType: 'totp',
          challengeToken: await this.tokens.signChallenge(user.id),
          Message: ServerMessages.mfaRequired,
        },
      };
    }
    if (user.mfaSetupRequired) {
      // Same as after a password: an administrator requires an authenticator before any session.
      const setup = await mfaSetupChallenge(this.tokens, user.id);
      return { status: 200, result: { type: SSO_MESSAGE_TYPE, outcome: 'mfa-setup', provider, ...setup } };
    }
    await db.update(users).set({ failedLogins: 0 }).where(eq(users.id, user.id));
    await record(user, user.email, true, link ? 'signed in, account linked' : 'signed in');
    const pair = await this.sessions.issue(user);
    return { status: 200, result: { type: SSO_MESSAGE_TYPE, outcome: 'tokens', provider, ...pair } };
  }
}

export type { Outcome } from './sso-outcome.ts';
