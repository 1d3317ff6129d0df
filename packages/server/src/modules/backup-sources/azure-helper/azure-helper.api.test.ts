import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../../test/harness.ts';
import { AZURE_SUBSCRIPTION, AZURE_TENANT } from '../../../../test/vendor-stubs/azure.ts';
import {
  ADMIN_USER,
  HELPER_CLIENT_ID,
  HELPER_CLIENT_SECRET,
  startAzureHelperStub,
  type AzureHelperStub,
} from '../../../../test/vendor-stubs/azure-helper.ts';
import { backgroundSyncsSettled } from '../sync-control.ts';
import { BACKUP_READER_ROLE } from './service.ts';

/**
 * The guided Azure Backup set-up against stand-ins of Microsoft's sign-in, Resource Manager and
 * Graph: sign in, pick tenant, subscription and vaults, create the app and its key, and the source
 * is saved and synced; refusals answer errorCode and errorMessage.
 */

let t: TestApp;
let ms: AzureHelperStub;
const REDIRECT = 'http://localhost:5173/app/integration/backup/azure/create';
const base = '/api/integration/azure';

beforeAll(async () => {
  ms = await startAzureHelperStub({ customers: 2, devicesPerCustomer: 2, sessions: 6 });
  t = await testApp({
    VENDOR_BACKOFF_SCALE: '0',
    OUTBOUND_ALLOW_PRIVATE: 'true',
    PSA_ALLOW_HTTP: 'true',
    AZURE_AUTHORITY_URL: ms.url,
    AZURE_ARM_URL: ms.url,
    AZURE_GRAPH_URL: ms.url,
    AZURE_HELPER_CLIENT_ID: HELPER_CLIENT_ID,
    AZURE_HELPER_CLIENT_SECRET: HELPER_CLIENT_SECRET,
  });
});
afterAll(async () => {
  await backgroundSyncsSettled();
  await t?.close();
  await ms?.close();
});

/** Starts a sign-in and follows Microsoft's redirect back, as the browser does. */
async function signIn() {
  const admin = await t.as('admin');
  const start = await admin('POST', `${base}/verify-credentials`, { RedirectUri: REDIRECT });
  expect(start.status).toBe(200);
  const answer = await fetch(start.body.SignInUrl, { redirect: 'manual' });
  const back = new URL(answer.headers.get('location')!);
  return admin('POST', `${base}/verify-credentials`, {
    RedirectUri: REDIRECT,
    Code: back.searchParams.get('code'),
    State: back.searchParams.get('state'),
  });
}

describe('Azure guided set-up', () => {
  it('sends the admin to Microsoft with PKCE and never returns a token', async () => {
    const admin = await t.as('admin');
    const r = await admin('POST', `${base}/verify-credentials`, { RedirectUri: REDIRECT });
    expect(r.status).toBe(200);
    const url = new URL(r.body.SignInUrl);
    expect(url.origin + url.pathname).toBe(`${ms.url}/organizations/oauth2/v2.0/authorize`);
    expect(url.searchParams.get('client_id')).toBe(HELPER_CLIENT_ID);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    const signed = await signIn();
    expect(signed.status).toBe(200);
    expect(signed.body).toEqual({ Session: expect.any(String), UserName: ADMIN_USER, ExpiresAt: expect.any(String) });
    expect(JSON.stringify(signed.body)).not.toContain('stub-token');
  });

  it('walks tenant → subscription → vaults, creates the app and key, saves the source and syncs it', async () => {
    const admin = await t.as('admin');
    const Session = (await signIn()).body.Session;
    const tenants = await admin('POST', `${base}/tenants/get`, { Session });
    expect(tenants.status).toBe(200);
    expect(tenants.body).toContainEqual({
      TenantId: AZURE_TENANT,
      DisplayName: 'Contoso',
      DefaultDomain: 'contoso.onmicrosoft.com',
    });
    const subs = await admin('POST', `${base}/subscriptions/get`, { Session, TenantId: AZURE_TENANT });
    expect(subs.body.map((s: { DisplayName: string }) => s.DisplayName)).toEqual([
      'Contoso Production',
      'Contoso Dev/Test',
    ]);
    const name = await admin('POST', `${base}/subscriptions/get-name`, {
      Session,
      TenantId: AZURE_TENANT,
      SubscriptionId: AZURE_SUBSCRIPTION,
    });
    expect(name.body).toEqual({
      SubscriptionId: AZURE_SUBSCRIPTION,
      DisplayName: 'Contoso Production',
      State: 'Enabled',
    });
    const vaults = await admin('POST', `${base}/vaults/get`, {
      Session,
      TenantId: AZURE_TENANT,
      SubscriptionId: AZURE_SUBSCRIPTION,
    });
    expect(vaults.body).toEqual([
      expect.objectContaining({ Name: 'rsv-contoso-1', ResourceGroup: 'rg-backup-1', Location: 'westeurope' }),
      expect.objectContaining({ Name: 'rsv-contoso-2', ResourceGroup: 'rg-backup-2' }),
    ]);
    expect((await admin('POST', `${base}/applications/get`, { Session, TenantId: AZURE_TENANT })).body).toEqual([]);
    const app = await admin('POST', `${base}/applications/create`, { Session, TenantId: AZURE_TENANT });
    expect(app.status).toBe(200);
    expect(app.body).toMatchObject({ DisplayName: 'Vigil Backup Monitoring', AppId: expect.any(String) });
    const listed = await admin('POST', `${base}/applications/get`, { Session, TenantId: AZURE_TENANT });
    expect(listed.body.map((a: { AppId: string }) => a.AppId)).toEqual([app.body.AppId]);

    const saved = await admin('POST', `${base}/applications/keys/create`, {
      Session,
      TenantId: AZURE_TENANT,
      SubscriptionId: AZURE_SUBSCRIPTION,
      ApplicationId: app.body.Id,
      AppId: app.body.AppId,
      ServicePrincipalId: app.body.ServicePrincipalId,
      Vaults: vaults.body.map((v: { ResourceGroup: string; Name: string }) => ({
        ResourceGroup: v.ResourceGroup,
        Name: v.Name,
      })),
      Name: 'Contoso Azure',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      Type: 'azure',
      Name: 'Contoso Azure',
      SyncStatus: 'pending',
      Credentials: {
        TenantId: AZURE_TENANT,
        ClientId: app.body.AppId,
        ClientSecret: null,
        SubscriptionId: AZURE_SUBSCRIPTION,
        Vaults: 'rg-backup-1/rsv-contoso-1, rg-backup-2/rsv-contoso-2',
      },
      Stored: ['ClientSecret'],
    });
    // Least privilege: Backup Reader on each chosen vault, for the new app's service principal.
    expect(ms.assignments).toEqual(
      vaults.body.map((v: { Id: string }) => ({
        scope: v.Id,
        roleDefinitionId: `/subscriptions/${AZURE_SUBSCRIPTION}/providers/Microsoft.Authorization/roleDefinitions/${BACKUP_READER_ROLE}`,
        principalId: app.body.ServicePrincipalId,
      })),
    );
    await backgroundSyncsSettled();
    const source = (await admin('GET', `/api/integration/azure/${saved.body.Id}`)).body;
    expect(source).toMatchObject({ SyncStatus: 'completed', Health: 'Healthy', BackupCount: expect.any(Number) });
    expect(source.BackupCount).toBeGreaterThan(0);
    // The set-up session ends with the save.
    const after = await admin('POST', `${base}/tenants/get`, { Session });
    expect(after.status).toBe(400);
    expect(after.body).toMatchObject({ errorCode: 'InvalidTokens', errorMessage: 'Not valid Tokens' });
  });

  it('answers "Not valid Tokens" when the sign-in gives no second token or the session is unknown', async () => {
    ms.withholdRefreshToken = true;
    const r = await signIn();
    ms.withholdRefreshToken = false;
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      errorCode: 'InvalidTokens',
      errorMessage: 'Not valid Tokens',
      Message: 'Not valid Tokens',
    });
    const admin = await t.as('admin');
    const bogus = await admin('POST', `${base}/tenants/get`, { Session: 'not-a-session' });
    expect(bogus.status).toBe(400);
    expect(bogus.body).toMatchObject({ errorCode: 'InvalidTokens', errorMessage: 'Not valid Tokens' });
  });

  it('refuses a code that does not belong to a sign-in started here', async () => {
    const admin = await t.as('admin');
    const r = await admin('POST', `${base}/verify-credentials`, {
      RedirectUri: REDIRECT,
      Code: 'code-x',
      State: 'forged',
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errorCode: 'InvalidState' });
  });

  it('passes on Microsoft Graph’s refusal with its code', async () => {
    const admin = await t.as('admin');
    const Session = (await signIn()).body.Session;
    ms.denyAppCreation = true;
    const r = await admin('POST', `${base}/applications/create`, { Session, TenantId: AZURE_TENANT });
    ms.denyAppCreation = false;
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      errorCode: 'Authorization_RequestDenied',
      errorMessage: 'Insufficient privileges to complete the operation.',
    });
  });

  it('is for tenant admins only', async () => {
    const standard = await t.as('standard');
    expect((await standard('POST', `${base}/verify-credentials`, { RedirectUri: REDIRECT })).status).toBe(403);
    expect((await standard('POST', `${base}/tenants/get`, { Session: 'x' })).status).toBe(403);
  });
});
