/**
 * The PSA credential form (platform §7 Integrations): its values, their checks, and how the
 * form turns into the create / validate / update body (the fields themselves are in psaFields.ts).
 * Secrets are never shown, only whether one is stored.
 */
import type { CrmIntegration, CrmVendor } from '@vigil/contract';
import { credentialFields } from './psaFields';

export { credentialFields, type CredentialField } from './psaFields';

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
