import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  mapRedstorAccount,
  redstorAsset,
  redstorGroup,
  redstorOutcome,
  redstorTime,
  type RedstorAccount,
  type RedstorODataPage,
} from './mapping.ts';

const accounts = (
  JSON.parse(
    readFileSync(new URL('../../../../../test/fixtures/vendors/redstor/accounts.json', import.meta.url), 'utf8'),
  ) as RedstorODataPage<RedstorAccount>
).value;
const byName = (name: string) => accounts.find((a) => a.AccountName === name)!;

describe('Redstor accounts', () => {
  it('files an account’s last backup under its group', () => {
    expect(mapRedstorAccount(byName('NORTHWIND-DC01'))).toEqual({
      sessionId: '5c0d6e7f-1a2b-4c3d-8e9f-0a1b2c3d4e01:2026-11-26T01:14:40.000Z',
      customerId: 'Redstor\\Example Partner\\Northwind Traders',
      customerName: 'Northwind Traders',
      device: 'NORTHWIND-DC01',
      job: 'NORTHWIND-DC01',
      backupType: 'Agent',
      status: 'Success',
      startTime: null,
      endTime: new Date('2026-11-26T01:14:40Z'),
      sizeBytes: null,
      durationSeconds: null,
      message: null,
      assetId: '5c0d6e7f-1a2b-4c3d-8e9f-0a1b2c3d4e01',
    });
  });

  it.each([
    ['NORTHWIND-SQL01', 'Warning', 'Completed with errors'],
    ['TAILSPIN-FS01', 'Failure', 'Failed'],
  ])('%s maps to %s', (name, status, message) => {
    expect(mapRedstorAccount(byName(name))).toMatchObject({ status, message });
  });

  it('files nothing for an account never backed up, deactivated, or still running', () => {
    for (const name of ['TAILSPIN-LAPTOP7', 'OLD-PC', 'NORTHWIND-WS12'])
      expect(mapRedstorAccount(byName(name))).toBeNull();
  });

  it('reads the status when the message says nothing it knows', () => {
    expect(redstorOutcome({ LastBackupMessage: '', LastBackupStatus: 'Completed with warnings' })).toEqual({
      status: 'Warning',
      message: 'Completed with warnings',
    });
    expect(redstorOutcome({ LastBackupMessage: 'Not completed', LastBackupStatus: 'Completed' })).toMatchObject({
      status: 'Failure',
    });
    expect(redstorOutcome({ LastBackupMessage: 'Completed successfully', LastBackupStatus: null })).toMatchObject({
      status: 'Success',
    });
    expect(redstorOutcome({ LastBackupMessage: 'Something new', LastBackupStatus: 7 })).toBeNull();
  });

  it('takes a time without a zone as UTC and keeps an offset', () => {
    expect(redstorTime('2026-11-26T01:14:40')).toEqual(new Date('2026-11-26T01:14:40Z'));
    expect(redstorTime('2026-11-26T03:30:00+02:00')).toEqual(new Date('2026-11-26T01:30:00Z'));
    expect(redstorTime('not a date')).toBeNull();
  });

  it('names the customer by the last segment of the group path', () => {
    expect(redstorGroup(byName('TAILSPIN-FS01'))).toEqual({
      id: 'Redstor\\Example Partner\\Agency Partners\\Tailspin Toys',
      name: 'Tailspin Toys',
    });
    expect(redstorGroup({ BackupGroup: '' })).toBeNull();
    expect(redstorAsset(byName('TAILSPIN-FS01'))).toEqual({
      kind: 'device',
      externalId: '5c0d6e7f-1a2b-4c3d-8e9f-0a1b2c3d4e03',
      customerId: 'Redstor\\Example Partner\\Agency Partners\\Tailspin Toys',
      name: 'TAILSPIN-FS01',
      fields: {
        DeviceName: 'TAILSPIN-FS01',
        Company: 'Tailspin Toys',
        DeviceId: '5c0d6e7f-1a2b-4c3d-8e9f-0a1b2c3d4e03',
      },
    });
  });
});
