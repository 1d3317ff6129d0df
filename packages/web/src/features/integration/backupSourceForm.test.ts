// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BACKUP_SOURCES, type BackupSourceRow } from '@vigil/contract';
import { bodyFromForm, formErrors, formFromSource, nameLabel } from './backupSourceForm';

const datto = BACKUP_SOURCES.datto;
const cove = BACKUP_SOURCES.solarwinds;

const row: BackupSourceRow = {
  Id: 7,
  Type: 'datto',
  Name: 'Datto EU',
  Region: null,
  Enabled: false,
  IntervalMinutes: 30,
  Credentials: { ApiUrl: 'https://eu.datto.test', PublicKey: 'pk', SecretKey: null },
  Stored: ['SecretKey'],
  Health: 'Healthy',
  SyncStatus: 'idle',
  LastSyncAt: null,
  LastSuccessAt: null,
  LastError: null,
  ConsecutiveFailures: 0,
  NextSyncAt: null,
  BackupCount: 3,
  CreatedAt: '2026-01-01T00:00:00Z',
};

describe('backup source form', () => {
  it('starts a new source with the vendor defaults, enabled, and the first region', () => {
    expect(formFromSource(datto, null)).toEqual({
      Name: '',
      Region: '',
      IntervalMinutes: '15',
      Enabled: true,
      Credentials: { ApiUrl: '', PublicKey: '', SecretKey: '' },
    });
    expect(formFromSource(cove, null).Region).toBe('global');
  });

  it('reads an existing source, leaving its secrets empty', () => {
    const form = formFromSource(datto, row);
    expect(form).toMatchObject({ Name: 'Datto EU', IntervalMinutes: '30', Enabled: false });
    expect(form.Credentials).toEqual({ ApiUrl: 'https://eu.datto.test', PublicKey: 'pk', SecretKey: '' });
  });

  it('sends empty fields as null (a stored secret is kept) and trims what is typed', () => {
    const form = formFromSource(datto, row);
    form.Name = '  Datto EU 2 ';
    form.Credentials.PublicKey = ' pk2 ';
    expect(bodyFromForm(datto, form, 7)).toEqual({
      Id: 7,
      Name: 'Datto EU 2',
      Region: null,
      Enabled: false,
      IntervalMinutes: 30,
      Credentials: { ApiUrl: 'https://eu.datto.test', PublicKey: 'pk2', SecretKey: null },
    });
  });

  it('creates without an Id, sends the region only for vendors with regions, and leaves a blank interval to the server', () => {
    const form = { ...formFromSource(cove, null), Name: 'Cove', IntervalMinutes: ' ' };
    const body = bodyFromForm(cove, form);
    expect(body).not.toHaveProperty('Id');
    expect(body.Region).toBe('global');
    expect(body.IntervalMinutes).toBeUndefined();
    expect(bodyFromForm(datto, { ...formFromSource(datto, null), Region: 'x' }).Region).toBeNull();
  });

  it('puts the server per-field errors under the credential fields', () => {
    expect(formErrors({ 'Credentials.SecretKey': 'Secret key is required', Name: 'Name is required' })).toEqual({
      SecretKey: 'Secret key is required',
      Name: 'Name is required',
    });
  });

  it('labels the name by the descriptor', () => {
    expect(nameLabel(datto)).toBe('Name');
    expect(nameLabel({ NameKey: 'ProfileName' })).toBe('Profile name');
  });
});
