import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../../config.ts';
import { joinUrl } from '../../../platform/http-exchange.ts';
import { outboundPolicy } from '../../../platform/outbound.ts';
import { VendorHttp } from '../http.ts';
import { VendorError } from '../vendors/types.ts';

/** The clouds and the app registration of the guided Azure set-up (config AZURE_*). */
export interface AzureHelperEndpoints {
  authority: string;
  arm: string;
  graph: string;
  clientId: string | null;
  clientSecret: string | null;
}

export function helperEndpoints(config: Config): AzureHelperEndpoints {
  const trim = (u: string) => u.replace(/\/+$/, '');
  return {
    authority: trim(config.AZURE_AUTHORITY_URL),
    arm: trim(config.AZURE_ARM_URL),
    graph: trim(config.AZURE_GRAPH_URL),
    clientId: config.AZURE_HELPER_CLIENT_ID ?? config.MICROSOFT_CLIENT_ID ?? null,
    clientSecret: config.AZURE_HELPER_CLIENT_SECRET ?? config.MICROSOFT_CLIENT_SECRET ?? null,
  };
}

/** A refusal from Microsoft, with its error code (AADSTS…, AuthorizationFailed, Authorization_RequestDenied…). */
export class MicrosoftError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'MicrosoftError';
  }
}

/** The `code` of an ARM or Graph error envelope, or the OAuth `error` (with the AADSTS number when given). */
function codeOf(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const o = data as Record<string, unknown>;
  if (o.error && typeof o.error === 'object') {
    const code = (o.error as Record<string, unknown>).code;
    return typeof code === 'string' ? code : null;
  }
  if (typeof o.error === 'string') {
    const aad = /^(AADSTS\d+)/.exec(String(o.error_description ?? ''));
    return aad ? aad[1]! : o.error;
  }
  return null;
}

export interface TokenSet {
  access_token?: string;
  refresh_token?: string;
  id_token?: string;
  expires_in?: number;
}

export const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** Scopes asked for at sign-in: Resource Manager as the signed-in admin, and a refresh token for Graph. */
export const armScope = (e: AzureHelperEndpoints) => `${e.arm}/user_impersonation`;
export const graphScopes = (e: AzureHelperEndpoints) =>
  `${e.graph}/Application.ReadWrite.All ${e.graph}/User.Read offline_access`;

/** Calls to Microsoft's identity platform, Resource Manager and Graph through the guarded client. */
export class MicrosoftApi {
  private readonly http: VendorHttp;
  /** The body of the last answer (the error envelope's code is read from it). */
  private lastBody = '';

  constructor(
    config: Config,
    readonly endpoints: AzureHelperEndpoints,
  ) {
    this.http = new VendorHttp('Microsoft', {
      outbound: outboundPolicy(config),
      backoffScale: config.VENDOR_BACKOFF_SCALE,
      timeoutMs: 20_000,
      record: (e) => {
        this.lastBody = e.body;
      },
    });
  }

  private async call<T>(req: Parameters<VendorHttp['send']>[0]): Promise<T> {
    try {
      return (await this.http.send<T>(req)).data;
    } catch (err) {
      if (err instanceof VendorError) {
        let data: unknown = null;
        try {
          data = JSON.parse(this.lastBody);
        } catch {
          data = null;
        }
        throw new MicrosoftError(codeOf(data) ?? `Http${err.status || 'Error'}`, err.message, err.status);
      }
      throw err;
    }
  }

  authorizeUrl(tenant: string, redirectUri: string, state: string, challenge: string): string {
    const u = new URL(joinUrl(this.endpoints.authority, `/${encodeURIComponent(tenant)}/oauth2/v2.0/authorize`));
    u.searchParams.set('client_id', this.endpoints.clientId ?? '');
    u.searchParams.set('response_type', 'code');
    u.searchParams.set('redirect_uri', redirectUri);
    u.searchParams.set('response_mode', 'query');
    u.searchParams.set('scope', `${armScope(this.endpoints)} offline_access openid profile`);
    u.searchParams.set('state', state);
    u.searchParams.set('code_challenge', challenge);
    u.searchParams.set('code_challenge_method', 'S256');
    u.searchParams.set('prompt', 'select_account');
    return u.toString();
  }

  token(tenant: string, form: Record<string, string>): Promise<TokenSet> {
    return this.call<TokenSet>({
      method: 'POST',
      url: joinUrl(this.endpoints.authority, `/${encodeURIComponent(tenant)}/oauth2/v2.0/token`),
      form: {
        client_id: this.endpoints.clientId ?? '',
        ...(this.endpoints.clientSecret ? { client_secret: this.endpoints.clientSecret } : {}),
        ...form,
      },
    });
  }

  /** A GET on Resource Manager or Graph (a path of `base`, or a `nextLink` URL). */
  get<T>(base: string, pathOrUrl: string, token: string, query: Record<string, string> = {}): Promise<T> {
    const url = new URL(/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : joinUrl(base, pathOrUrl));
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return this.call<T>({ method: 'GET', url: url.toString(), headers: { Authorization: `Bearer ${token}` } });
  }

  /** Every item of a list that pages with `nextLink` (ARM) or `@odata.nextLink` (Graph). */
  async list<T>(base: string, path: string, token: string, query: Record<string, string> = {}): Promise<T[]> {
    const all: T[] = [];
    let next: string | null = null;
    for (let first = true; first || next; first = false) {
      const page: { value?: T[]; nextLink?: string; '@odata.nextLink'?: string } = first
        ? await this.get(base, path, token, query)
        : await this.get(base, next!, token);
      all.push(...(page?.value ?? []));
      next = page?.nextLink || page?.['@odata.nextLink'] || null;
      if (all.length > 5000) break;
    }
    return all;
  }

  send<T>(method: 'POST' | 'PUT', base: string, path: string, token: string, body: unknown): Promise<T> {
    return this.call<T>({
      method,
      url: joinUrl(base, path),
      headers: { Authorization: `Bearer ${token}` },
      body,
    });
  }
}
