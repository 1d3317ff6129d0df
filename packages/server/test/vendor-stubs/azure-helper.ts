import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AZURE_SUBSCRIPTION, AZURE_TENANT, send, startAzureStub, type AzureStubCore } from './azure.ts';
import type { StubOptions, VendorStub } from './types.ts';

/**
 * What the guided Azure set-up talks to, on the Azure Backup stub's port: the identity platform's
 * authorize page (redirects straight back with a code, PKCE S256), the authorization-code and
 * refresh-token grants, Resource Manager's tenants, subscriptions, vault list and role
 * assignments, and Microsoft Graph's applications, addPassword and service principals.
 */
export const HELPER_CLIENT_ID = 'vigil-azure-helper';
export const HELPER_CLIENT_SECRET = 'vigil-azure-helper-secret';
export const ADMIN_USER = 'admin@contoso.onmicrosoft.com';

export interface AzureHelperStub {
  stub: VendorStub;
  url: string;
  /** Applications created through Graph (display name, appId). */
  apps: { id: string; appId: string; displayName: string }[];
  /** Role assignments made through ARM (scope, role definition, principal). */
  assignments: { scope: string; roleDefinitionId: string; principalId: string }[];
  /** The next code redemption answers without a refresh token (no Graph token can follow). */
  withholdRefreshToken: boolean;
  /** Graph refuses to create applications (the admin lacks the right). */
  denyAppCreation: boolean;
  close(): Promise<void>;
}

const jwt = (claims: Record<string, unknown>) =>
  `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
const graphError = (code: string, message: string) => ({
  error: { code, message, innerError: { date: new Date().toISOString(), 'request-id': 'stub' } },
});
const aad = (error: string, code: number, description: string) => ({
  error,
  error_description: `AADSTS${code}: ${description}`,
  error_codes: [code],
});

export async function startAzureHelperStub(options: StubOptions = {}, port = 0): Promise<AzureHelperStub> {
  const codes = new Map<string, { challenge: string; redirect: string }>();
  const refreshTokens = new Set<string>();
  let n = 0;
  const state: Omit<AzureHelperStub, 'stub' | 'url' | 'close'> = {
    apps: [],
    assignments: [],
    withholdRefreshToken: false,
    denyAppCreation: false,
  };
  const principals: { id: string; appId: string }[] = [];

  async function extra(core: AzureStubCore, req: IncomingMessage, res: ServerResponse, url: URL, body: string) {
    const path = url.pathname;
    const authorize = /^\/([^/]+)\/oauth2\/v2\.0\/authorize$/.exec(path);
    if (authorize && req.method === 'GET') {
      const q = url.searchParams;
      const back = new URL(q.get('redirect_uri') ?? '');
      if (q.get('client_id') !== HELPER_CLIENT_ID) {
        back.searchParams.set('error', 'unauthorized_client');
        back.searchParams.set('error_description', 'AADSTS700016: Application not found in the directory');
      } else {
        const code = `code-${++n}`;
        codes.set(code, { challenge: q.get('code_challenge') ?? '', redirect: back.toString() });
        back.searchParams.set('code', code);
      }
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { Location: back.toString() });
      res.end();
      return true;
    }
    const token = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(path);
    const form = new URLSearchParams(body);
    if (token && req.method === 'POST' && form.get('grant_type') !== 'client_credentials') {
      if (form.get('client_id') !== HELPER_CLIENT_ID || form.get('client_secret') !== HELPER_CLIENT_SECRET) {
        send(res, 401, aad('invalid_client', 7000215, 'Invalid client secret provided.'));
        return true;
      }
      if (form.get('grant_type') === 'authorization_code') {
        const c = codes.get(form.get('code') ?? '');
        const verifier = createHash('sha256')
          .update(form.get('code_verifier') ?? '')
          .digest('base64url');
        if (!c || c.challenge !== verifier) {
          send(res, 400, aad('invalid_grant', 70008, 'The provided authorization code or refresh token has expired.'));
          return true;
        }
        codes.delete(form.get('code')!);
        const refresh = `refresh-${++n}`;
        if (!state.withholdRefreshToken) refreshTokens.add(refresh);
        send(res, 200, {
          token_type: 'Bearer',
          scope: form.get('scope'),
          expires_in: 3599,
          access_token: core.issueToken('admin'),
          ...(state.withholdRefreshToken ? {} : { refresh_token: refresh }),
          id_token: jwt({ preferred_username: ADMIN_USER, name: 'Contoso Admin', tid: AZURE_TENANT }),
        });
        return true;
      }
      if (form.get('grant_type') === 'refresh_token' && refreshTokens.has(form.get('refresh_token') ?? '')) {
        send(res, 200, {
          token_type: 'Bearer',
          scope: form.get('scope'),
          expires_in: 3599,
          access_token: core.issueToken('admin'),
        });
        return true;
      }
      send(res, 400, aad('invalid_grant', 70008, 'The refresh token has expired.'));
      return true;
    }
    const isGraph = path.startsWith('/v1.0/');
    const isHelperArm =
      path === '/tenants' ||
      path === '/subscriptions' ||
      /\/providers\/Microsoft\.RecoveryServices\/vaults$/i.test(path) ||
      /\/providers\/Microsoft\.Authorization\/roleAssignments\//i.test(path);
    if (!isGraph && !isHelperArm) return false;
    if (core.bearer(req.headers.authorization) !== 'admin') {
      send(
        res,
        401,
        isGraph
          ? graphError('InvalidAuthenticationToken', 'Access token validation failure. Invalid audience.')
          : { error: { code: 'InvalidAuthenticationToken', message: 'The access token is invalid.' } },
      );
      return true;
    }
    const json = () => (body ? (JSON.parse(body) as Record<string, unknown>) : {});
    if (path === '/tenants') {
      send(res, 200, {
        value: [
          { tenantId: AZURE_TENANT, displayName: 'Contoso', defaultDomain: 'contoso.onmicrosoft.com' },
          { tenantId: '11111111-2222-4333-8444-555555555555', displayName: 'Fabrikam', defaultDomain: 'fabrikam.com' },
        ],
      });
    } else if (path === '/subscriptions') {
      send(res, 200, {
        value: [
          { subscriptionId: AZURE_SUBSCRIPTION, displayName: 'Contoso Production', state: 'Enabled' },
          { subscriptionId: 'b2c3d4e5-0000-4000-8000-0000000000aa', displayName: 'Contoso Dev/Test', state: 'Enabled' },
        ],
      });
    } else if (/\/providers\/Microsoft\.RecoveryServices\/vaults$/i.test(path)) {
      send(res, 200, {
        value: core.vaults.map((v) => ({
          id: `/subscriptions/${AZURE_SUBSCRIPTION}/resourceGroups/${v.resourceGroup}/providers/Microsoft.RecoveryServices/vaults/${v.name}`,
          name: v.name,
          type: 'Microsoft.RecoveryServices/vaults',
          location: 'westeurope',
        })),
      });
    } else if (req.method === 'PUT' && /roleAssignments\//i.test(path)) {
      const p = (json().properties ?? {}) as { roleDefinitionId: string; principalId: string };
      const scope = path.replace(/\/providers\/Microsoft\.Authorization\/roleAssignments\/.*$/i, '');
      state.assignments.push({ scope, roleDefinitionId: p.roleDefinitionId, principalId: p.principalId });
      send(res, 201, { id: path, name: path.split('/').pop(), properties: { ...p, scope } });
    } else if (path === '/v1.0/applications' && req.method === 'GET') {
      send(res, 200, {
        '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#applications',
        value: state.apps,
      });
    } else if (path === '/v1.0/applications' && req.method === 'POST') {
      if (state.denyAppCreation) {
        send(res, 403, graphError('Authorization_RequestDenied', 'Insufficient privileges to complete the operation.'));
        return true;
      }
      const k = ++n;
      const app = {
        id: `0000aaaa-0000-4000-8000-${String(k).padStart(12, '0')}`,
        appId: `1111bbbb-0000-4000-8000-${String(k).padStart(12, '0')}`,
        displayName: String(json().displayName ?? ''),
      };
      state.apps.push(app);
      send(res, 201, app);
    } else if (path === '/v1.0/servicePrincipals' && req.method === 'POST') {
      const sp = { id: `2222cccc-0000-4000-8000-${String(++n).padStart(12, '0')}`, appId: String(json().appId) };
      principals.push(sp);
      send(res, 201, sp);
    } else if (path === '/v1.0/servicePrincipals' && req.method === 'GET') {
      const appId = /appId eq '([^']+)'/.exec(url.searchParams.get('$filter') ?? '')?.[1];
      send(res, 200, { value: principals.filter((p) => p.appId === appId) });
    } else if (/^\/v1\.0\/applications\/[^/]+\/addPassword$/.test(path) && req.method === 'POST') {
      const app = state.apps.find((a) => a.id === path.split('/')[3]);
      if (!app) {
        send(res, 404, graphError('Request_ResourceNotFound', `Resource '${path.split('/')[3]}' does not exist.`));
        return true;
      }
      const secretText = `stub~secret~${++n}`;
      core.addApp(app.appId, secretText);
      send(res, 200, { keyId: `key-${n}`, displayName: 'Vigil', secretText, hint: secretText.slice(0, 3) });
    } else {
      send(res, 404, graphError('Request_ResourceNotFound', `No route for ${req.method} ${path}`));
    }
    return true;
  }

  const stub = await startAzureStub(options, extra, port);
  const helper: AzureHelperStub = Object.assign(state, {
    stub,
    url: stub.url,
    close: () => stub.close(),
  });
  return helper;
}
