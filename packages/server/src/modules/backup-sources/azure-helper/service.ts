import { randomUUID } from 'node:crypto';
import type {
  AzureApplication,
  AzureCreateKeyBody,
  AzureSubscriptionItem,
  AzureTenant,
  AzureVaultItem,
  AzureVerifyBody,
  AzureVerifyResponse,
  BackupSourceRow,
} from '@vigil/contract';
import type { Deps } from '../../../deps.ts';
import { HttpError } from '../../../platform/errors.ts';
import { sleep } from '../../../platform/http-support.ts';
import { saveSource } from '../service.ts';
import { requestSync } from '../sync-control.ts';
import { AZURE_PUBLIC_ARM, AZURE_PUBLIC_AUTHORITY, BACKUP_API_VERSION } from '../vendors/azure/client.ts';
import { armScope, graphScopes, helperEndpoints, MicrosoftApi, MicrosoftError, pkce } from './microsoft.ts';
import { HelperError, HelperSessions, notValidTokens, type HelperSessionData } from './session.ts';

type HelperDeps = Pick<Deps, 'database' | 'secrets' | 'config' | 'pipeline' | 'jobs'>;
export interface Caller {
  tenantId: number;
  userId: number;
}

const STATE_CONTEXT = 'azure-helper-state';
const STATE_TTL_MS = 15 * 60_000;
const SUBSCRIPTION_API = '2022-12-01';
const ROLE_API = '2022-04-01';
/** Azure's built-in "Backup Reader" role: reads backup jobs and protected items, changes nothing. */
export const BACKUP_READER_ROLE = 'a795c7a0-d4a2-40c1-ae25-d81f01202912';
export const DEFAULT_APP_NAME = 'Vigil Backup Monitoring';
/** A new secret and role assignment take a while to reach every Microsoft region. */
const PROPAGATION_TRIES = 6;
const PROPAGATION_WAIT_MS = 10_000;

interface StateData {
  t: number;
  u: number;
  r: string;
  v: string;
  e: number;
}

function claim(idToken: string | undefined, name: string): string | null {
  const part = idToken?.split('.')[1];
  if (!part) return null;
  try {
    const v = (JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>)[name];
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** The eight calls of the guided set-up, for one server. */
export class AzureHelper {
  readonly sessions: HelperSessions;

  constructor(private readonly deps: HelperDeps) {
    this.sessions = new HelperSessions(deps.secrets);
  }

  private api() {
    return new MicrosoftApi(this.deps.config, helperEndpoints(this.deps.config));
  }

  async verify(caller: Caller, body: AzureVerifyBody): Promise<AzureVerifyResponse> {
    const api = this.api();
    if (!api.endpoints.clientId)
      throw new HelperError('NotConfigured', 'Signing in with Microsoft is not set up on this server', 400);
    if (!body.Code) {
      if (body.State !== undefined) throw notValidTokens();
      const { verifier, challenge } = pkce();
      const state: StateData = {
        t: caller.tenantId,
        u: caller.userId,
        r: body.RedirectUri,
        v: verifier,
        e: Date.now() + STATE_TTL_MS,
      };
      const sealed = this.deps.secrets.seal(JSON.stringify(state), STATE_CONTEXT);
      return { SignInUrl: api.authorizeUrl('organizations', body.RedirectUri, sealed, challenge) };
    }
    const plain = body.State ? this.deps.secrets.open(body.State, STATE_CONTEXT) : null;
    const state = plain ? (JSON.parse(plain) as StateData) : null;
    if (!state || state.t !== caller.tenantId || state.u !== caller.userId || state.r !== body.RedirectUri)
      throw new HelperError('InvalidState', 'This sign-in was not started here; sign in with Microsoft again');
    if (state.e < Date.now())
      throw new HelperError('InvalidState', 'The sign-in took too long; sign in with Microsoft again');
    const signedIn = await api.token('organizations', {
      grant_type: 'authorization_code',
      code: body.Code,
      redirect_uri: body.RedirectUri,
      code_verifier: state.v,
      scope: `${armScope(api.endpoints)} offline_access openid profile`,
    });
    const graph = signedIn.refresh_token
      ? await api.token('organizations', {
          grant_type: 'refresh_token',
          refresh_token: signedIn.refresh_token,
          scope: graphScopes(api.endpoints),
        })
      : null;
    if (!signedIn.access_token || !graph?.access_token) throw notValidTokens();
    const now = Date.now();
    const exp = (t: { expires_in?: number }) => now + Math.max(60, (t.expires_in ?? 3600) - 60) * 1000;
    const data: HelperSessionData = {
      userName: claim(signedIn.id_token, 'preferred_username') ?? claim(signedIn.id_token, 'name'),
      refresh: graph.refresh_token ?? signedIn.refresh_token!,
      access: {
        'organizations|arm': { token: signedIn.access_token, exp: exp(signedIn) },
        'organizations|graph': { token: graph.access_token, exp: exp(graph) },
      },
    };
    const session = this.sessions.create(caller.tenantId, caller.userId, data);
    return { Session: session.id, UserName: data.userName ?? undefined, ExpiresAt: session.expiresAt.toISOString() };
  }

  /** An access token of the signed-in admin for a directory and resource, redeemed from the refresh token. */
  private async token(caller: Caller, id: string, tenant: string, resource: 'arm' | 'graph'): Promise<string> {
    const data = this.sessions.read(id, caller.tenantId, caller.userId);
    const key = `${tenant}|${resource}`;
    const held = data.access[key];
    if (held && held.exp > Date.now()) return held.token;
    const api = this.api();
    const scope = resource === 'arm' ? `${armScope(api.endpoints)} offline_access` : graphScopes(api.endpoints);
    const t = await api.token(tenant, { grant_type: 'refresh_token', refresh_token: data.refresh, scope });
    if (!t.access_token) throw notValidTokens();
    data.access[key] = { token: t.access_token, exp: Date.now() + Math.max(60, (t.expires_in ?? 3600) - 60) * 1000 };
    if (t.refresh_token) data.refresh = t.refresh_token;
    this.sessions.update(id, data);
    return t.access_token;
  }

  async tenants(caller: Caller, session: string): Promise<AzureTenant[]> {
    const api = this.api();
    const token = await this.token(caller, session, 'organizations', 'arm');
    const list = await api.list<{ tenantId: string; displayName?: string; defaultDomain?: string }>(
      api.endpoints.arm,
      '/tenants',
      token,
      { 'api-version': SUBSCRIPTION_API },
    );
    return list.map((t) => ({
      TenantId: t.tenantId,
      DisplayName: t.displayName || t.defaultDomain || t.tenantId,
      DefaultDomain: t.defaultDomain ?? null,
    }));
  }

  async subscriptions(caller: Caller, session: string, tenantId: string): Promise<AzureSubscriptionItem[]> {
    const api = this.api();
    const token = await this.token(caller, session, tenantId, 'arm');
    const list = await api.list<{ subscriptionId: string; displayName?: string; state?: string }>(
      api.endpoints.arm,
      '/subscriptions',
      token,
      { 'api-version': SUBSCRIPTION_API },
    );
    return list.map((s) => ({
      SubscriptionId: s.subscriptionId,
      DisplayName: s.displayName || s.subscriptionId,
      State: s.state ?? null,
    }));
  }

  async subscriptionName(caller: Caller, session: string, tenantId: string, subscriptionId: string) {
    const api = this.api();
    const token = await this.token(caller, session, tenantId, 'arm');
    const s = await api.get<{ subscriptionId?: string; displayName?: string; state?: string }>(
      api.endpoints.arm,
      `/subscriptions/${encodeURIComponent(subscriptionId)}`,
      token,
      { 'api-version': SUBSCRIPTION_API },
    );
    return {
      SubscriptionId: s.subscriptionId ?? subscriptionId,
      DisplayName: s.displayName || subscriptionId,
      State: s.state ?? null,
    };
  }

  async vaults(caller: Caller, session: string, tenantId: string, subscriptionId: string): Promise<AzureVaultItem[]> {
    const api = this.api();
    const token = await this.token(caller, session, tenantId, 'arm');
    const list = await api.list<{ id: string; name: string; location?: string }>(
      api.endpoints.arm,
      `/subscriptions/${encodeURIComponent(subscriptionId)}/providers/Microsoft.RecoveryServices/vaults`,
      token,
      { 'api-version': BACKUP_API_VERSION },
    );
    return list.map((v) => ({
      Id: v.id,
      Name: v.name,
      ResourceGroup: /\/resourceGroups\/([^/]+)\//i.exec(v.id)?.[1] ?? '',
      Location: v.location ?? null,
    }));
  }

  async applications(caller: Caller, session: string, tenantId: string): Promise<AzureApplication[]> {
    const api = this.api();
    const token = await this.token(caller, session, tenantId, 'graph');
    const apps = await api.list<{ id: string; appId: string; displayName?: string }>(
      api.endpoints.graph,
      '/v1.0/applications',
      token,
      { $filter: `startswith(displayName,'Vigil')`, $select: 'id,appId,displayName' },
    );
    return apps.map((a) => ({
      Id: a.id,
      AppId: a.appId,
      DisplayName: a.displayName ?? a.appId,
      ServicePrincipalId: null,
    }));
  }

  /** Registers Vigil's own application in the directory, with its service principal. */
  async createApplication(caller: Caller, session: string, tenantId: string, name?: string): Promise<AzureApplication> {
    const api = this.api();
    const token = await this.token(caller, session, tenantId, 'graph');
    const app = await api.send<{ id: string; appId: string; displayName?: string }>(
      'POST',
      api.endpoints.graph,
      '/v1.0/applications',
      token,
      {
        displayName: name || DEFAULT_APP_NAME,
        signInAudience: 'AzureADMyOrg',
        notes: 'Reads Azure Backup jobs for backup monitoring (Backup Reader on the chosen vaults).',
      },
    );
    const sp = await api.send<{ id: string }>('POST', api.endpoints.graph, '/v1.0/servicePrincipals', token, {
      appId: app.appId,
    });
    return {
      Id: app.id,
      AppId: app.appId,
      DisplayName: app.displayName ?? DEFAULT_APP_NAME,
      ServicePrincipalId: sp.id,
    };
  }

  /**
   * Adds a client secret to the application, gives its service principal Backup Reader on each
   * chosen vault, saves the Azure Backup source with those credentials and starts its first sync.
   */
  async createKey(caller: Caller, body: AzureCreateKeyBody): Promise<BackupSourceRow> {
    const api = this.api();
    const graph = await this.token(caller, body.Session, body.TenantId, 'graph');
    const arm = await this.token(caller, body.Session, body.TenantId, 'arm');
    const end = new Date(Date.now() + 2 * 365 * 24 * 3600 * 1000).toISOString();
    const secret = await api.send<{ secretText?: string }>(
      'POST',
      api.endpoints.graph,
      `/v1.0/applications/${encodeURIComponent(body.ApplicationId)}/addPassword`,
      graph,
      { passwordCredential: { displayName: 'Vigil Azure Backup monitoring', endDateTime: end } },
    );
    if (!secret.secretText) throw new HelperError('NoSecret', 'Microsoft did not return the new client secret', 502);
    let principal = body.ServicePrincipalId;
    if (!principal) {
      const found = await api.list<{ id: string }>(api.endpoints.graph, '/v1.0/servicePrincipals', graph, {
        $filter: `appId eq '${body.AppId.replace(/'/g, "''")}'`,
      });
      principal =
        found[0]?.id ??
        (
          await api.send<{ id: string }>('POST', api.endpoints.graph, '/v1.0/servicePrincipals', graph, {
            appId: body.AppId,
          })
        ).id;
    }
    const sub = encodeURIComponent(body.SubscriptionId);
    for (const v of body.Vaults) {
      const scope = `/subscriptions/${sub}/resourceGroups/${encodeURIComponent(v.ResourceGroup)}/providers/Microsoft.RecoveryServices/vaults/${encodeURIComponent(v.Name)}`;
      try {
        await api.send(
          'PUT',
          api.endpoints.arm,
          `${scope}/providers/Microsoft.Authorization/roleAssignments/${randomUUID()}?api-version=${ROLE_API}`,
          arm,
          {
            properties: {
              roleDefinitionId: `/subscriptions/${sub}/providers/Microsoft.Authorization/roleDefinitions/${BACKUP_READER_ROLE}`,
              principalId: principal,
              principalType: 'ServicePrincipal',
            },
          },
        );
      } catch (err) {
        if (!(err instanceof MicrosoftError && err.code === 'RoleAssignmentExists')) throw err;
      }
    }
    const e = api.endpoints;
    const credentials: Record<string, string> = {
      TenantId: body.TenantId,
      ClientId: body.AppId,
      ClientSecret: secret.secretText,
      SubscriptionId: body.SubscriptionId,
      Vaults: body.Vaults.map((v) => `${v.ResourceGroup}/${v.Name}`).join(', '),
      ...(e.authority !== AZURE_PUBLIC_AUTHORITY ? { AuthorityUrl: e.authority } : {}),
      ...(e.arm !== AZURE_PUBLIC_ARM ? { ResourceManagerUrl: e.arm } : {}),
    };
    const row = await this.saveWhenPropagated(caller.tenantId, body.Name, credentials);
    this.sessions.end(body.Session);
    return requestSync(this.deps, caller.tenantId, 'azure', row.Id);
  }

  private async saveWhenPropagated(tenantId: number, name: string, credentials: Record<string, string>) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await saveSource(this.deps, tenantId, 'azure', { Name: name, Credentials: credentials });
      } catch (err) {
        if (!(err instanceof HttpError && err.statusCode === 400 && !err.errors) || attempt >= PROPAGATION_TRIES)
          throw err;
        await sleep(PROPAGATION_WAIT_MS * this.deps.config.VENDOR_BACKOFF_SCALE);
      }
    }
  }
}
