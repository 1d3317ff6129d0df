import * as oidc from 'openid-client';
import { SCALEPAD_NAME, SCALEPAD_PATHS, ScalePadMessages, SsoMessages, type ScalePadReturn } from '@vigil/contract';
import type { Config } from '../../config.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { recordLogin, type RequestMeta } from '../auth/activity.ts';
import { DiscoveryCache } from '../sso/providers.ts';
import { describeError } from '../sso/sso-outcome.ts';
import { openFlow, sealFlow, type Intent } from './flow.ts';
import type { Database } from '../../db/client.ts';

export interface ScalePadConfig {
  id: 'scalepad';
  issuer: string;
  clientId: string;
  clientSecret: string;
  accountClaim: string;
}

/** The parent platform's OpenID Connect client, or undefined when it is not configured. */
export function scalePadConfig(config: Config): ScalePadConfig | undefined {
  if (!config.SCALEPAD_ISSUER || !config.SCALEPAD_CLIENT_ID || !config.SCALEPAD_CLIENT_SECRET) return undefined;
  return {
    id: 'scalepad',
    issuer: config.SCALEPAD_ISSUER,
    clientId: config.SCALEPAD_CLIENT_ID,
    clientSecret: config.SCALEPAD_CLIENT_SECRET,
    accountClaim: config.SCALEPAD_ACCOUNT_CLAIM,
  };
}

/** Who the parent platform vouched for, from its verified ID token. */
export interface ScalePadIdentity {
  subject: string;
  /** The parent-platform account (ScalePadTenantId), null when the token did not carry it. */
  account: string | null;
  accountName: string | null;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

const returnPath = (intent: Intent) => (intent === 'signin' ? SCALEPAD_PATHS.loginReturn : SCALEPAD_PATHS.signupReturn);
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);

/**
 * The OpenID Connect half of sign-in and sign-up through the parent platform: the authorization
 * URL (code flow with PKCE, state and nonce, reusing the discovery of the other sign-in
 * providers) and the verified identity the browser's return proves.
 */
export class ScalePadIdentityClient {
  private readonly discovery = new DiscoveryCache();

  constructor(
    private readonly config: Config,
    private readonly database: Database,
    private readonly secrets: Secrets,
    readonly cfg: ScalePadConfig | undefined,
  ) {}

  private required(): ScalePadConfig {
    if (!this.cfg) throw notFound(SsoMessages.notConfigured(SCALEPAD_NAME));
    return this.cfg;
  }

  redirectUri(intent: Intent): string {
    return `${this.config.publicUrl}${returnPath(intent)}`;
  }

  private async server(cfg: ScalePadConfig) {
    try {
      return await this.discovery.get(cfg);
    } catch {
      throw new HttpError(502, SsoMessages.providerUnavailable(SCALEPAD_NAME));
    }
  }

  async start(intent: Intent): Promise<{ url: string; sealed: string }> {
    const cfg = this.required();
    const server = await this.server(cfg);
    const verifier = oidc.randomPKCECodeVerifier();
    const flow = { intent, state: oidc.randomState(), nonce: oidc.randomNonce(), verifier, startedAt: Date.now() };
    const url = oidc.buildAuthorizationUrl(server, {
      redirect_uri: this.redirectUri(intent),
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return { url: url.href, sealed: sealFlow(this.secrets, flow) };
  }

  /** The identity the return proves; every refusal is recorded in the sign-in activity. */
  async identify(
    intent: Intent,
    back: ScalePadReturn,
    sealed: string | undefined,
    meta: RequestMeta,
  ): Promise<ScalePadIdentity> {
    const cfg = this.required();
    const refuse = async (status: number, message: string, reason: string): Promise<never> => {
      await recordLogin(
        this.database,
        {
          userName: `(${SCALEPAD_NAME} ${intent === 'signin' ? 'sign-in' : 'sign-up'})`,
          success: false,
          reason: `scalepad: ${reason}`.slice(0, 300),
        },
        meta,
      );
      throw new HttpError(status, message);
    };
    // Platform §8: an error the provider sends back is reported as given.
    if (back.error)
      return refuse(400, back.error_description ? `${back.error}: ${back.error_description}` : back.error, back.error);
    if (!back.code) return refuse(400, ScalePadMessages.codeInvalid, 'no code');
    const flow = openFlow(this.secrets, sealed, intent);
    if (!flow) return refuse(400, SsoMessages.flowExpired, 'sign-in flow missing or expired');
    if (back.state !== flow.state) return refuse(400, SsoMessages.verificationFailed, 'state mismatch');
    const server = await this.server(cfg);
    const callbackUrl = new URL(this.redirectUri(intent));
    const params = new URLSearchParams({ code: back.code, state: back.state });
    if (back.iss) params.set('iss', back.iss);
    callbackUrl.search = params.toString();
    try {
      const grant = await oidc.authorizationCodeGrant(server, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = grant.claims();
      if (!claims) throw new Error('no ID token');
      return {
        subject: claims.sub,
        account: str(claims[cfg.accountClaim]),
        accountName: str(claims.account_name),
        email: str(claims.email)?.toLowerCase() ?? null,
        emailVerified: claims.email_verified === true,
        name: str(claims.name),
      };
    } catch (err) {
      const reason = describeError(err);
      const unreachable = err instanceof TypeError || /fetch failed|timed? ?out|ECONNREFUSED/i.test(reason);
      return unreachable
        ? refuse(502, SsoMessages.providerUnavailable(SCALEPAD_NAME), `provider unreachable: ${reason}`)
        : refuse(400, SsoMessages.verificationFailed, `verification failed: ${reason}`);
    }
  }
}
