import { afterAll, beforeAll } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { startConnectWiseStub, type ConnectWiseStub } from '../../../test/psa-stubs/connectwise.ts';
import { homeTenantId } from '../audit/test-data.ts';
import { addEmailSettings } from './test-data.ts';

/** Tickets → Profiles (`api/ticket/profiles…`): validation, round trips, secrets, PSA link, access. */

export let t: TestApp;
export let cw: ConnectWiseStub;
export let homeId: number;
export let otherId: number;
export let smtpId: number;
export let otherSmtpId: number;

export const fields = (body: { Errors?: { Field: string; Message: string }[] }) =>
  (body.Errors ?? []).map((e) => [e.Field, e.Message]);

/** The app, tenants and data every part of this suite starts from: call once at the top of a test file. */
export function setUpProfilesSuite(): void {
  beforeAll(async () => {
    t = await testApp();
    cw = await startConnectWiseStub();
    homeId = await homeTenantId(t);
    otherId = await homeTenantId(t, 'other');
    smtpId = await addEmailSettings(t, homeId);
    otherSmtpId = await addEmailSettings(t, otherId, 'tickets@other.test');
  });
  afterAll(async () => {
    await t.close();
    await cw.close();
  });
}
