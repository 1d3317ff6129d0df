/**
 * The PSA credential form (platform §7 Integrations): which fields each vendor asks for, how
 * they read, and how the form turns into the create / validate / update body. The fields come
 * from the contract's credential schemas; secrets are never shown, only whether one is stored.
 */
import type { ZodType } from 'zod';
import { CREDENTIALS, SECRET_FIELDS, type CrmIntegration, type CrmVendor } from '@vigil/contract';

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

export type CredentialValues = Record<string, string>;

/** The form's starting values: stored ones, secrets blank (a blank secret keeps the stored one). */
export function initialValues(vendor: CrmVendor, current: CrmIntegration | null | undefined): CredentialValues {
  const out: CredentialValues = {};
  for (const f of credentialFields(vendor)) {
    const v = current?.Credentials?.[f.name];
    out[f.name] = f.secret || v === null || v === undefined ? '' : String(v);
  }
  return out;
}

/** Whether the stored integration holds this secret (reads give `Has{Field}` true). */
export function hasStoredSecret(current: CrmIntegration | null | undefined, field: string): boolean {
  return current?.Credentials?.[`Has${field}`] === true;
}

/** Client-side checks before calling the server: required fields and URL shape. */
export function validateValues(
  vendor: CrmVendor,
  values: CredentialValues,
  current: CrmIntegration | null | undefined,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of credentialFields(vendor)) {
    const v = (values[f.name] ?? '').trim();
    if (!v) {
      if (f.secret && hasStoredSecret(current, f.name)) continue;
      if (f.required) errors[f.name] = `${f.label} is required`;
      continue;
    }
    if (f.kind === 'url' && !/^https?:\/\/[^\s/]+/i.test(v)) errors[f.name] = 'Enter a full URL, e.g. https://…';
  }
  return errors;
}

/** The create / validate / update body: blank optionals are null, blank secrets null (kept). */
export function integrationBody(
  vendor: CrmVendor,
  name: string,
  values: CredentialValues,
  current: CrmIntegration | null | undefined,
): { Id?: number; Name: string | null; Credentials: Record<string, string | null> } {
  const Credentials: Record<string, string | null> = {};
  for (const f of credentialFields(vendor)) {
    const v = (values[f.name] ?? '').trim();
    // A trailing slash would double up when paths are appended.
    Credentials[f.name] = !v ? null : f.kind === 'text' ? v : v.replace(/\/+$/, '');
  }
  return { ...(current ? { Id: current.Id } : {}), Name: name.trim() || null, Credentials };
}
