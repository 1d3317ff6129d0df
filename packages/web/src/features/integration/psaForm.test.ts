import { describe, expect, it } from 'vitest';
import { CRM_VENDORS, CrmType, type CrmIntegration, type CrmVendor } from '@vigil/contract';
import { credentialFields, hasStoredSecret, initialValues, integrationBody, validateValues } from './psaForm';

const stored = (vendor: CrmVendor, credentials: Record<string, unknown>): CrmIntegration => ({
  Id: 7,
  CrmTypeId: CRM_VENDORS[vendor].type,
  Vendor: vendor,
  Name: 'Main PSA',
  Credentials: credentials,
  IsValid: true,
  LastValidatedAt: null,
  LastError: null,
  LastSyncAt: null,
  LastSyncStatus: null,
  CompaniesCount: 0,
  TicketProfileId: null,
  CreatedAt: '2026-11-01T00:00:00Z',
});

describe('PSA credential form', () => {
  it('asks each vendor for the fields of its credential schema, secrets marked and required', () => {
    expect(credentialFields('connectwise').map((f) => [f.name, f.label, f.secret, f.required])).toEqual([
      ['Url', 'Site URL', false, true],
      ['CompanyId', 'Company ID', false, true],
      ['PublicKey', 'Public key', false, true],
      ['PrivateKey', 'Private key', true, true],
      ['ClientId', 'Client ID', false, true],
    ]);
    // Halo's authorisation server and tenant are optional; Autotask's zone comes from the regions list.
    const halo = credentialFields('halopsa');
    expect(halo.filter((f) => !f.required).map((f) => f.name)).toEqual(['AuthUrl', 'Tenant']);
    expect(credentialFields('autotask').find((f) => f.name === 'Url')).toMatchObject({ kind: 'zone', label: 'Zone' });
    expect(credentialFields('syncromsp').map((f) => f.name)).toEqual(['Url', 'ApiKey']);
    expect(CRM_VENDORS.connectwise.type).toBe(CrmType.ConnectWise);
  });

  it('never fills a secret in; a stored one may stay blank and is sent as null (kept)', () => {
    const current = stored('connectwise', {
      Url: 'https://api-na.myconnectwise.net',
      CompanyId: 'acme',
      PublicKey: 'pub',
      PrivateKey: null,
      HasPrivateKey: true,
      ClientId: 'cid',
    });
    const values = initialValues('connectwise', current);
    expect(values).toEqual({
      Url: 'https://api-na.myconnectwise.net',
      CompanyId: 'acme',
      PublicKey: 'pub',
      PrivateKey: '',
      ClientId: 'cid',
    });
    expect(hasStoredSecret(current, 'PrivateKey')).toBe(true);
    expect(validateValues('connectwise', values, current)).toEqual({});
    expect(integrationBody('connectwise', ' Main PSA ', values, current)).toEqual({
      Id: 7,
      Name: 'Main PSA',
      Credentials: {
        Url: 'https://api-na.myconnectwise.net',
        CompanyId: 'acme',
        PublicKey: 'pub',
        PrivateKey: null,
        ClientId: 'cid',
      },
    });
  });

  it('requires every field of a new integration, secrets included, and a full URL', () => {
    const values = { ...initialValues('connectwise', null), Url: 'acme.example.com', CompanyId: '  ' };
    expect(validateValues('connectwise', values, null)).toEqual({
      Url: 'Enter a full URL, e.g. https://…',
      CompanyId: 'Company ID is required',
      PublicKey: 'Public key is required',
      PrivateKey: 'Private key is required',
      ClientId: 'Client ID is required',
    });
  });

  it('trims values, drops a trailing slash from URLs and sends blank optionals as null', () => {
    const body = integrationBody(
      'halopsa',
      '',
      { Url: 'https://acme.halopsa.com/ ', AuthUrl: '', ClientId: ' id ', ClientSecret: 's3cret', Tenant: '' },
      null,
    );
    expect(body).toEqual({
      Name: null,
      Credentials: {
        Url: 'https://acme.halopsa.com',
        AuthUrl: null,
        ClientId: 'id',
        ClientSecret: 's3cret',
        Tenant: null,
      },
    });
    expect('Id' in body).toBe(false);
  });
});
