// The backup-source form: built from the vendor's descriptor, read from a source, sent as a body.
import type { BackupSourceBody, BackupSourceDescriptor, BackupSourceHealth, BackupSourceRow } from '@vigil/contract';

export interface BackupSourceForm {
  Name: string;
  Region: string;
  /** Kept as typed; checked when sent. */
  IntervalMinutes: string;
  Enabled: boolean;
  Credentials: Record<string, string>;
}

/** The label of the field that names a source (descriptor NameKey). */
export function nameLabel(d: Pick<BackupSourceDescriptor, 'NameKey'>): string {
  return d.NameKey === 'ProfileName' ? 'Profile name' : 'Name';
}

/** The form of a new source, or of the one being edited (secret fields start empty: they are never returned). */
export function formFromSource(d: BackupSourceDescriptor, row: BackupSourceRow | null | undefined): BackupSourceForm {
  const credentials: Record<string, string> = {};
  for (const f of d.Fields) credentials[f.Key] = f.Kind === 'secret' ? '' : (row?.Credentials[f.Key] ?? '');
  return {
    Name: row?.Name ?? '',
    Region: row?.Region ?? d.Regions?.[0]?.Id ?? '',
    IntervalMinutes: String(row?.IntervalMinutes ?? d.DefaultIntervalMinutes),
    Enabled: row?.Enabled ?? true,
    Credentials: credentials,
  };
}

/**
 * The body of POST api/integration/{type}. An empty field goes as null: a secret left empty keeps
 * the stored one, an optional field left empty takes its default on the server. Fields the
 * descriptor does not know are not sent.
 */
export function bodyFromForm(d: BackupSourceDescriptor, form: BackupSourceForm, id?: number | null): BackupSourceBody {
  const Credentials: Record<string, string | null> = {};
  for (const f of d.Fields) {
    const v = (form.Credentials[f.Key] ?? '').trim();
    Credentials[f.Key] = v === '' ? null : v;
  }
  const interval = Number(form.IntervalMinutes);
  return {
    ...(id ? { Id: id } : {}),
    Name: form.Name.trim(),
    Region: d.Regions?.length ? form.Region || null : null,
    Enabled: form.Enabled,
    IntervalMinutes: Number.isFinite(interval) && form.IntervalMinutes.trim() !== '' ? Math.round(interval) : undefined,
    Credentials,
  };
}

/**
 * The server's per-field errors keyed by the form's field: `Credentials.<Key>` becomes the
 * credential's key, the others keep their names (Name, Region, IntervalMinutes).
 */
export function formErrors(fieldErrors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors)) {
    const key = field.startsWith('Credentials.') ? field.slice('Credentials.'.length) : field;
    if (!(key in out)) out[key] = message;
  }
  return out;
}

/** What a secret field says under it while a value is stored. */
export const STORED_SECRET_HELP = 'Stored — leave empty to keep';

export function healthColor(h: BackupSourceHealth): 'success' | 'error' | 'default' {
  return h === 'Healthy' ? 'success' : h === 'Unhealthy' ? 'error' : 'default';
}
