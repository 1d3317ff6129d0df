import { afterAll, beforeAll, beforeEach } from 'vitest';
import { testApp, type TestApp } from '../../../../test/harness.ts';
import {
  connectWiseStubCredentials,
  startConnectWiseStub,
  type ConnectWiseStub,
} from '../../../../test/psa-stubs/connectwise.ts';
import { homeTenantId, setTimeZone } from '../../audit/test-data.ts';
import { IntegrationService } from '../../integrations/service.ts';
import { resetTicketing } from './test-setup.ts';

/**
 * Delivery (the outbox worker): tickets reach the PSA (the ConnectWise stub), a mailbox (a
 * loopback SMTP server) or a webhook (a loopback receiver checking the signature), with
 * retries and backoff, in order, once.
 */

export let t: TestApp;
export let homeId: number;
export let cw: ConnectWiseStub;
export let seq = 0;
export const dev = (name: string) => `${name}-${++seq}`;
export const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

/** The app, tenants and data every part of this suite starts from: call once at the top of a test file. */
export function setUpDeliverySuite(): void {
  beforeAll(async () => {
    t = await testApp();
    homeId = await homeTenantId(t);
    await setTimeZone(t, homeId, 'UTC');
    cw = await startConnectWiseStub();
    await new IntegrationService(t.deps).create(homeId, 'connectwise', {
      Name: 'ConnectWise',
      Credentials: connectWiseStubCredentials(cw.url),
    });
  });
  afterAll(async () => {
    await cw?.close();
    await t?.close();
  });
  beforeEach(async () => {
    await resetTicketing(t, homeId);
  });
}
