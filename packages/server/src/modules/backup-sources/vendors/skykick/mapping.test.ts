import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  mapSkyKickSnapshot,
  rowsOf,
  skykickAsset,
  skykickCustomer,
  skykickSnapshot,
  skykickSubscription,
  type SkyKickSubscription,
} from './mapping.ts';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../../../test/fixtures/vendors/skykick/${name}`, import.meta.url), 'utf8'));

const subs = rowsOf(fixture('subscriptions.json')).map(skykickSubscription) as SkyKickSubscription[];
const stats = rowsOf(fixture('lastsnapshotstats.json'));
const contoso = subs[0]!;
const session = (i: number) => mapSkyKickSnapshot(contoso, skykickSnapshot(stats[i]!)!);

describe('SkyKick subscriptions', () => {
  it('names a customer by its company, from the list or its customer information', () => {
    expect(subs.map(skykickCustomer)).toEqual([
      { id: '6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f', name: 'Contoso Ltd' },
      { id: '7a2b3c4d-5e6f-4a7b-9c8d-1e2f3a4b5c6d', name: 'Fabrikam Inc' },
    ]);
    expect(skykickCustomer(skykickSubscription({ Id: 'abc' })!)).toEqual({ id: 'abc', name: 'Subscription abc' });
    expect(skykickSubscription({ companyName: 'No id' })).toBeNull();
  });

  it('reads an OData-wrapped list as well as a bare one', () => {
    expect(rowsOf({ value: [{ id: 'x' }] })).toEqual([{ id: 'x' }]);
    expect(rowsOf({ '@odata.context': 'x' })).toEqual([]);
  });
});

describe('SkyKick snapshots', () => {
  it.each([
    [0, 'Success', null],
    [1, 'Warning', '3 items could not be backed up'],
    [2, 'Failure', 'The mailbox could not be reached'],
    [3, 'Failure', 'No snapshot was taken in the expected window'],
  ])('row %i maps to %s', (i, status, message) => {
    expect(session(i)).toMatchObject({ status, message });
  });

  it('files nothing for a snapshot still running', () => {
    expect(session(4)).toBeNull();
  });

  it('files a mailbox snapshot under the subscription, the mailbox and its service', () => {
    expect(session(0)).toEqual({
      sessionId:
        '6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f:b1d2e3f4-0000-4000-8000-000000000001:Exchange Online:2026-11-26T01:14:40.000Z',
      customerId: '6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f',
      customerName: 'Contoso Ltd',
      device: 'adele.vance@contoso.example',
      job: 'Exchange Online',
      backupType: 'Microsoft 365',
      status: 'Success',
      startTime: new Date('2026-11-26T01:00:12Z'),
      endTime: new Date('2026-11-26T01:14:40Z'),
      sizeBytes: 5368709120,
      durationSeconds: 868,
      message: null,
      assetId: 'b1d2e3f4-0000-4000-8000-000000000001',
    });
  });

  it('names OneDrive and SharePoint jobs, a site by its URL, and keeps the same mailbox apart per service', () => {
    expect(session(1)).toMatchObject({ job: 'OneDrive', device: 'adele.vance@contoso.example' });
    expect(session(1)!.sessionId).not.toBe(session(0)!.sessionId);
    expect(session(3)).toMatchObject({
      job: 'SharePoint Online',
      device: 'https://contoso.sharepoint.com/sites/finance',
      startTime: null,
      durationSeconds: null,
    });
  });

  it('reads camelCase field names as well', () => {
    const snap = skykickSnapshot({
      subscriptionId: 'm1',
      serviceType: 'OneDrive',
      emailAddress: 'a@b.example',
      lastSnapshotStatus: 'PartiallySucceeded',
      lastSnapshotEndTime: '2026-11-26T01:00:00Z',
    });
    expect(mapSkyKickSnapshot(contoso, snap!)).toMatchObject({
      job: 'OneDrive',
      status: 'Warning',
      message: 'Snapshot completed with warnings',
    });
  });
});

describe('SkyKick assets', () => {
  it('reports mailboxes and sites as devices of the customer', () => {
    const mailboxes = fixture('mailboxes.json') as Record<string, unknown>;
    const a = skykickAsset(contoso, rowsOf(mailboxes, 'IndividualMailboxes')[0]!, 'mailbox');
    expect(a).toEqual({
      kind: 'device',
      externalId: 'b1d2e3f4-0000-4000-8000-000000000001',
      customerId: contoso.id,
      name: 'adele.vance@contoso.example',
      fields: {
        DeviceName: 'Adele Vance',
        Hostname: 'adele.vance@contoso.example',
        Company: 'Contoso Ltd',
        Platform: 'Exchange Online',
        DeviceId: 'b1d2e3f4-0000-4000-8000-000000000001',
      },
    });
    const site = skykickAsset(contoso, rowsOf(fixture('sites.json'))[0]!, 'site');
    expect(site).toMatchObject({
      name: 'https://contoso.sharepoint.com/sites/finance',
      fields: { DeviceName: 'Finance', Platform: 'SharePoint Online' },
    });
  });
});
