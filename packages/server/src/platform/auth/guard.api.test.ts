import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { UserLevel } from '@vigil/contract';
import { groups, tenants, users } from '../../db/schema/index.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { personaEmail } from '../../../test/personas.ts';
import { sessionUser } from './guard.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

async function claimsOf(accessToken: string) {
  const claims = await t.deps.tokens.verifyAccess(accessToken);
  expect(claims).not.toBeNull();
  return claims!;
}

describe('the session check every signed-in request makes', () => {
  it("answers the user's row as the schema holds it", async () => {
    const [standard] = await t.database.db.select().from(users).where(eq(users.email, personaEmail.standard));
    const [group] = await t.database.db.select().from(groups).where(eq(groups.id, standard.groupId!));
    const row = await sessionUser(t.database, await claimsOf((await t.login('standard')).accessToken));
    expect(row).toEqual({
      isEnabled: true,
      level: UserLevel.Standard,
      adminPrivileges: standard.adminPrivileges,
      tenantId: standard.tenantId,
      tenantEnabled: true,
      isCompanyRestricted: standard.isCompanyRestricted,
      groupPermissions: group.permissions,
      tokenVersion: standard.tokenVersion,
      sessionLive: true,
    });
    expect(Array.isArray(row!.groupPermissions)).toBe(true);

    // A platform admin belongs to no tenant and no group.
    const root = await sessionUser(t.database, await claimsOf((await t.login('root')).accessToken));
    expect(root).toMatchObject({ tenantId: null, tenantEnabled: null, groupPermissions: null, sessionLive: true });
    expect(root!.adminPrivileges).toBeGreaterThan(0);
  });

  it('stops standing when the session, the user or the tenant ends', async () => {
    // Logout ends the session's family.
    const pair = await t.login('admin');
    const claims = await claimsOf(pair.accessToken);
    expect(await sessionUser(t.database, claims)).not.toBeNull();
    await t.call('POST', '/api/UserAuth/logout', {
      token: pair.accessToken,
      body: { refreshToken: pair.refreshToken },
    });
    expect(await sessionUser(t.database, claims)).toBeNull();

    // Sessions ended since the token was issued (a newer token version).
    const client = await claimsOf((await t.login('client')).accessToken);
    expect(await sessionUser(t.database, { ...client, tokenVersion: client.tokenVersion - 1 })).toBeNull();

    // A disabled user, then a disabled tenant.
    const outsider = await claimsOf((await t.login('outsider')).accessToken);
    expect(await sessionUser(t.database, outsider)).not.toBeNull();
    await t.database.db.update(users).set({ isEnabled: false }).where(eq(users.id, outsider.userId));
    expect(await sessionUser(t.database, outsider)).toBeNull();
    await t.database.db.update(users).set({ isEnabled: true }).where(eq(users.id, outsider.userId));
    expect(await sessionUser(t.database, outsider)).not.toBeNull();
    const [{ tenantId }] = await t.database.db.select().from(users).where(eq(users.id, outsider.userId));
    await t.database.db.update(tenants).set({ isEnabled: false }).where(eq(tenants.id, tenantId!));
    expect(await sessionUser(t.database, outsider)).toBeNull();

    // A token for a user that does not exist.
    expect(await sessionUser(t.database, { ...outsider, userId: 987654 })).toBeNull();
  });
});
