import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person at the test identity provider; any login not listed signs in with a verified e-mail equal to it. */
export interface OidcAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** Further claims of the profile scope (see `profileClaims`), e.g. a parent-platform account id. */
  [claim: string]: unknown;
}

export interface OidcClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface OidcStub {
  issuer: string;
  /** Mutable: change a login's claims between sign-ins. */
  accounts: Map<string, OidcAccount>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (panva's oidc-provider) on loopback, standing in for Microsoft
 * Entra ID and Google: discovery, authorization code with PKCE, signed ID tokens, UserInfo, and
 * its built-in sign-in and consent pages. The account id is the login typed on its sign-in page
 * and is also the subject. Like both vendors, the e-mail claims are put in the ID token.
 */
export async function startOidcProvider(opts: {
  port?: number;
  clients: OidcClient[];
  /** Claims the profile scope carries besides `name` (set per login in `accounts`). */
  profileClaims?: string[];
}): Promise<OidcStub> {
  const accounts = new Map<string, OidcAccount>();
  // The issuer must be known before listening; take a port first when none is given.
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: opts.clients.map((c) => ({
      ...c,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', ...(opts.profileClaims ?? [])] },
    conformIdTokenClaims: false,
    ttl: { Session: 3600, Grant: 3600, Interaction: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const known = accounts.get(id);
      const claims = { email: id, email_verified: true, name: id, ...known };
      return {
        accountId: id,
        claims: async () => ({ sub: id, ...claims }),
      };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface BrowserHop {
  status: number;
  location: string | null;
  body: string;
}

/** A very small browser for the provider's pages: follows redirects with its own cookie jar. */
export class ProviderBrowser {
  private readonly jar = new Map<string, string>();

  private remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<BrowserHop> {
    const headers: Record<string, string> = {};
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const res = await fetch(url, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
    this.remember(res);
    const location = res.headers.get('location');
    return { status: res.status, location: location ? new URL(location, url).href : null, body: await res.text() };
  }

  /**
   * From the provider's authorization URL to the redirect back to the app: signs in as `login` on
   * the provider's page and consents when asked. `cancel` aborts at the first page instead.
   * Returns the URL the provider sends the browser back to.
   */
  async signIn(authorizationUrl: string, login: string, opts: { cancel?: boolean } = {}): Promise<string> {
    const origin = new URL(authorizationUrl).origin;
    let url = authorizationUrl;
    for (let hop = 0; hop < 12; hop++) {
      const res = await this.request(url);
      if (res.location) {
        if (!res.location.startsWith(origin)) return res.location;
        url = res.location;
        continue;
      }
      const action = /<form[^>]*action="([^"]+)"[^>]*method="post"/i.exec(res.body)?.[1];
      if (res.status !== 200 || !action)
        throw new Error(`provider page ${url}: ${res.status} ${res.body.slice(0, 300)}`);
      const target = new URL(action.replace(/&amp;/g, '&'), url).href;
      if (opts.cancel) {
        const abort = await this.request(`${target.replace(/\/$/, '')}/abort`);
        url = abort.location ?? url;
        continue;
      }
      const prompt = /name="prompt" value="(\w+)"/.exec(res.body)?.[1];
      const form: Record<string, string> = { prompt: prompt ?? 'consent' };
      if (prompt === 'login') Object.assign(form, { login, password: 'any' });
      const posted = await this.request(target, { method: 'POST', form });
      if (!posted.location) throw new Error(`provider form ${target}: ${posted.status} ${posted.body.slice(0, 300)}`);
      if (!posted.location.startsWith(origin)) return posted.location;
      url = posted.location;
    }
    throw new Error('the provider did not send the browser back');
  }
}
