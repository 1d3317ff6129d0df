import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  dropsuiteCustomer,
  dropsuiteOutcome,
  mapDropsuiteService,
  type DropsuiteAccount,
  type DropsuiteUser,
} from './mapping.ts';

const fixture = <T>(name: string): T =>
  JSON.parse(
    readFileSync(new URL(`../../../../../test/fixtures/vendors/dropsuite/${name}`, import.meta.url), 'utf8'),
  ) as T;
const users = fixture<DropsuiteUser[]>('users.json');
const accounts = fixture<DropsuiteAccount[]>('accounts.json');
const org = dropsuiteCustomer(users[0]!);
const [anna, ben] = accounts as [DropsuiteAccount, DropsuiteAccount];
const service = (a: DropsuiteAccount, name: string) => a.services!.find((s) => s.service === name)!;

describe('Dropsuite organisations', () => {
  it('names a customer by its organisation, else its e-mail address', () => {
    expect(org).toEqual({ id: '5101', name: 'Northwind Traders' });
    expect(dropsuiteCustomer(users[1]!)).toEqual({ id: '5102', name: 'admin@contoso.example' });
  });
});

describe('Dropsuite services', () => {
  it('files a mailbox’s Mail backup under its organisation', () => {
    expect(mapDropsuiteService(org, anna, service(anna, 'Mail'))).toEqual({
      sessionId: '90211:Mail:2026-11-27T02:15:40.000Z',
      customerId: '5101',
      customerName: 'Northwind Traders',
      device: 'anna@northwind.example',
      job: 'Mail',
      backupType: 'Microsoft 365',
      status: 'Success',
      startTime: new Date('2026-11-27T02:10:00Z'),
      endTime: new Date('2026-11-27T02:15:40Z'),
      sizeBytes: 5368709120,
      durationSeconds: 340,
      message: null,
      assetId: null,
    });
  });

  it.each([
    ['OneDrive', 'Warning', '3 files skipped: path too long'],
    ['Teams', 'Failure', 'Access to the mailbox was denied'],
  ])('%s maps to %s with Dropsuite’s message', (name, status, message) => {
    expect(mapDropsuiteService(org, anna, service(anna, name))).toMatchObject({ status, message, job: name });
  });

  it('files nothing for a backup still running or never run', () => {
    expect(mapDropsuiteService(org, anna, service(anna, 'Calendar'))).toBeNull();
    expect(mapDropsuiteService(org, anna, service(anna, 'Contacts'))).toBeNull();
    expect(dropsuiteOutcome({ service: 'Mail', last_backup_status: 'queued' })).toBeNull();
  });

  it('gives a failure without a message its own words, and a Google Workspace account its type', () => {
    expect(mapDropsuiteService(org, ben, service(ben, 'Mail'))).toMatchObject({
      backupType: 'Google Workspace',
      status: 'Failure',
      message: 'Backup failed',
      sizeBytes: 0,
      durationSeconds: 120,
    });
    // A service without a start time has no duration.
    expect(mapDropsuiteService(org, anna, service(anna, 'Teams'))).toMatchObject({
      startTime: null,
      durationSeconds: null,
    });
  });
});
