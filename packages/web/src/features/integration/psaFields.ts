// Which credential fields each PSA asks for and how they read, from the contract's credential schemas.
import type { ZodType } from 'zod';
import { CREDENTIALS, SECRET_FIELDS, type CrmVendor } from '@vigil/contract';

export interface CredentialField {
  name: string;
  label: string;
  help?: string;
  secret: boolean;
  required: boolean;
  /** Autotask's zone is picked from the regions list rather than typed. */
  kind: 'text' | 'url' | 'zone';
}

const LABELS: Record<string, string> = {
  Url: 'Site URL',
  CompanyId: 'Company ID',
  PublicKey: 'Public key',
  PrivateKey: 'Private key',
  ClientId: 'Client ID',
  UserName: 'User name',
  Secret: 'Secret',
  IntegrationCode: 'Integration code',
  AuthUrl: 'Authorisation server URL',
  ClientSecret: 'Client secret',
  Tenant: 'Tenant',
  Password: 'Password',
  ApiKey: 'API key',
};

/** Vendor wording where it differs from the general label. */
const VENDOR_LABELS: Partial<Record<CrmVendor, Record<string, string>>> = {
  autotask: { Url: 'Zone', UserName: 'API user name' },
  kaseyabms: { Tenant: 'Company name', Url: 'Server URL' },
  servicenow: { Url: 'Instance URL' },
  syncromsp: { Url: 'Account URL' },
  connectwise: { Url: 'Site URL' },
};

const HELP: Partial<Record<CrmVendor, Record<string, string>>> = {
  connectwise: {
    Url: 'e.g. https://api-na.myconnectwise.net',
    ClientId: 'From the ConnectWise developer portal',
    CompanyId: 'The company you sign in to Manage with',
  },
  autotask: { IntegrationCode: 'The tracking identifier of the API user' },
  halopsa: { Url: 'e.g. https://acme.halopsa.com', AuthUrl: 'Leave blank for {Site URL}/auth', Tenant: 'Hosted only' },
  haloitsm: {
    Url: 'e.g. https://acme.haloitsm.com',
    AuthUrl: 'Leave blank for {Site URL}/auth',
    Tenant: 'Hosted only',
  },
  servicenow: { Url: 'e.g. https://acme.service-now.com' },
  syncromsp: { Url: 'e.g. https://acme.syncromsp.com' },
};

/** The vendor's fields in the schema's order. */
export function credentialFields(vendor: CrmVendor): CredentialField[] {
  const schema = CREDENTIALS[vendor];
  const secrets = SECRET_FIELDS[vendor];
  return Object.entries(schema.shape).map(([name, field]) => {
    const secret = secrets.includes(name);
    return {
      name,
      label: VENDOR_LABELS[vendor]?.[name] ?? LABELS[name] ?? name,
      help: HELP[vendor]?.[name],
      secret,
      // Secrets are optional in the schema only so that an update can keep the stored one.
      required: secret || !(field as ZodType).safeParse(undefined).success,
      kind: vendor === 'autotask' && name === 'Url' ? 'zone' : name.endsWith('Url') ? 'url' : 'text',
    };
  });
}
