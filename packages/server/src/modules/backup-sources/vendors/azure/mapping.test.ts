import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { filterTime, parseVaults } from './client.ts';
import {
  azureStatus,
  backupSizeBytes,
  mapAzureJob,
  mapAzureProtectedItem,
  mapAzureSubscription,
  timeSpanSeconds,
  type AzureJob,
  type AzureProtectedItem,
} from './mapping.ts';

const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`../../../../../test/fixtures/vendors/azure/${name}`, import.meta.url), 'utf8')) as T;

const jobs = fixture<{ value: AzureJob[] }>('backup-jobs.json').value;
const items = fixture<{ value: AzureProtectedItem[] }>('protected-items.json').value;
const customer = { id: '00000000-0000-0000-0000-000000000000', name: 'Contoso Production' };
const map = (i: number) => mapAzureJob(jobs[i]!, 'NetSDKTestRsVault', customer);

describe('Azure Backup mapping', () => {
  it('maps a completed VM backup job from the documented answer', () => {
    expect(map(0)).toEqual({
      sessionId: '7ddead57-bcb9-4269-ac31-6a1b57588700',
      customerId: customer.id,
      customerName: 'Contoso Production',
      device: 'uttestvmub1',
      job: 'NetSDKTestRsVault – Azure VMs',
      backupType: 'VM',
      status: 'Success',
      startTime: new Date('2018-05-21T08:35:12Z'),
      endTime: new Date('2018-05-21T08:55:35Z'),
      sizeBytes: 2332 * 1024 * 1024,
      durationSeconds: 1223,
      message: null,
    });
  });

  it('maps failures with the error string and code, warnings and cancellations', () => {
    expect(map(1)).toMatchObject({
      status: 'Failure',
      message: 'VM agent is unable to communicate with the Azure Backup Service. (400002)',
    });
    expect(map(2)).toMatchObject({
      status: 'Warning',
      backupType: 'Database',
      job: 'NetSDKTestRsVault – Azure workloads',
      device: 'SalesDb [sqlvm01]',
      message: 'The backup job completed with warnings',
    });
    expect(map(4)).toMatchObject({
      status: 'Failure',
      backupType: 'Azure Files',
      message: 'The backup job was cancelled',
    });
  });

  it('skips running jobs and jobs that are not backups', () => {
    expect(map(3)).toBeNull();
    expect(map(5)).toBeNull();
    expect(azureStatus('Cancelling')).toBeNull();
    expect(azureStatus('InProgress')).toBeNull();
  });

  it('reads TimeSpans, sizes, the subscription and protected items', () => {
    expect(timeSpanSeconds('1.02:03:04.5')).toBe(93_784);
    expect(timeSpanSeconds('nonsense')).toBeNull();
    expect(backupSizeBytes({ 'Backup Size': '1.5 GB' })).toBe(1.5 * 1024 ** 3);
    expect(mapAzureSubscription({ subscriptionId: 'abc' })).toEqual({ id: 'abc', name: 'Azure subscription abc' });
    const asset = mapAzureProtectedItem(items[0]!, 'NetSDKTestRsVault', customer.id);
    expect(asset).toMatchObject({
      kind: 'device',
      externalId: 'NetSDKTestRsVault/VM;iaasvmcontainerv2;netsdktestrg;netvmtestv2vm1',
      customerId: customer.id,
      name: 'netvmtestv2vm1',
      fields: {
        DeviceName: 'netvmtestv2vm1',
        Platform: 'VM',
        Appliance: 'NetSDKTestRsVault',
        Service: 'DefaultPolicy',
      },
    });
  });

  it('reads the vault list and writes filter times the way the jobs API takes them', () => {
    expect(
      parseVaults(
        'rg-a/vault-a, rg-b/vault-b\n/subscriptions/x/resourceGroups/rg-c/providers/Microsoft.RecoveryServices/vaults/vault-c',
      ),
    ).toEqual([
      { resourceGroup: 'rg-a', name: 'vault-a' },
      { resourceGroup: 'rg-b', name: 'vault-b' },
      { resourceGroup: 'rg-c', name: 'vault-c' },
    ]);
    expect(() => parseVaults('just-a-name')).toThrow('enter resourceGroup/vaultName');
    expect(() => parseVaults(' ')).toThrow('Name at least one Recovery Services vault');
    expect(filterTime(new Date('2017-11-29T00:05:09Z'))).toBe('2017-11-29 12:05:09 AM');
    expect(filterTime(new Date('2017-11-29T13:00:00Z'))).toBe('2017-11-29 01:00:00 PM');
  });
});
