import { afterAll, beforeAll, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { tenants } from '../../db/schema/index.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';

export let t: TestApp;
export let acme: number;
export let other: number;

/** The set-password link of the last message to an address, as the new user would open it. */
export async function acceptInvite(to: string, password: string): Promise<void> {
  const root = await t.as('root');
  const mail = await root('GET', `/api/admin/outbox?to=${encodeURIComponent(to)}`);
  expect(mail.body[0].Subject).toBe('Your Vigil account is ready');
  const token = /\/page\/setPassword\/([\w-]+)/.exec(mail.body[0].Text)![1];
  const set = await t.call('POST', '/api/user/set-password', {
    body: { Token: token, Password: password, ConfirmPassword: password },
  });
  expect(set.status).toBe(200);
}

export async function signIn(email: string, password: string) {
  const r = await t.call('POST', '/api/UserAuth/Login', { body: { UserName: email, Password: password } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const token = r.body.accessToken as string;
  return (method: string, url: string, body?: unknown) => t.call(method, url, { token, body });
}

/** The app, tenants and data every part of this suite starts from: call once at the top of a test file. */
export function setUpAdminPortalSuite(): void {
  beforeAll(async () => {
    t = await testApp();
    acme = (await t.database.db.select().from(tenants).where(eq(tenants.slug, 'acme')))[0].id;
    other = (await t.database.db.select().from(tenants).where(eq(tenants.slug, 'other')))[0].id;
  });
  afterAll(async () => t.close());
}
