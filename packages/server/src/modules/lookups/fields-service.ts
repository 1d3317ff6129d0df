// A tenant's extra backup fields (name and type) and their values on backups.
import type { AdditionalBackupField, AdditionalFieldType } from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';

interface FieldRow {
  id: number;
  name: string;
  type: AdditionalFieldType;
  choices: string[];
}

const toField = (r: FieldRow): AdditionalBackupField => ({ Id: r.id, Name: r.name, Type: r.type, Choices: r.choices });

export async function listFields(database: Database, tenantId: number): Promise<AdditionalBackupField[]> {
  const r = await database.query<FieldRow>(
    'SELECT id, name, type, choices FROM backup_fields WHERE tenant_id = $1 ORDER BY position, id',
    [tenantId],
  );
  return r.rows.map(toField);
}

export interface FieldInput {
  Id?: number;
  Name: string;
  Type: AdditionalFieldType;
  Choices?: string[];
}

/**
 * Replaces the tenant's set of fields: listed fields with an Id are renamed or retyped in place
 * (their values kept while still valid), new ones are added, and fields left out are removed with
 * their values. One transaction.
 */
export async function saveFields(
  database: Database,
  tenantId: number,
  input: FieldInput[],
): Promise<AdditionalBackupField[]> {
  const seen = new Set<string>();
  input.forEach((f, i) => {
    const key = f.Name.trim().toLowerCase();
    if (seen.has(key)) throw badRequest(`A field named "${f.Name.trim()}" already exists.`, `Fields[${i}].Name`);
    seen.add(key);
    if (f.Type === 'choice' && !f.Choices?.length)
      throw badRequest('A choice field needs at least one choice.', `Fields[${i}].Choices`);
  });
  return database.transaction(async (tx) => {
    const existing = await tx<FieldRow>('SELECT id, name, type, choices FROM backup_fields WHERE tenant_id = $1', [
      tenantId,
    ]);
    const byId = new Map(existing.rows.map((r) => [r.id, r]));
    for (const [i, f] of input.entries())
      if (f.Id !== undefined && !byId.has(f.Id)) throw badRequest('This field does not exist.', `Fields[${i}].Id`);
    const kept = input.filter((f) => f.Id !== undefined).map((f) => f.Id as number);
    await tx('DELETE FROM backup_fields WHERE tenant_id = $1 AND NOT (id = ANY($2::int[]))', [tenantId, kept]);
    // Names move between fields freely: park the kept ones on unique names first.
    if (kept.length)
      await tx(`UPDATE backup_fields SET name = '~' || id WHERE tenant_id = $1 AND id = ANY($2::int[])`, [
        tenantId,
        kept,
      ]);
    for (const [position, f] of input.entries()) {
      const choices = JSON.stringify(f.Type === 'choice' ? [...new Set(f.Choices ?? [])] : []);
      if (f.Id === undefined) {
        await tx(
          `INSERT INTO backup_fields (tenant_id, name, type, choices, position) VALUES ($1, $2, $3, $4::jsonb, $5)`,
          [tenantId, f.Name.trim(), f.Type, choices, position],
        );
        continue;
      }
      await tx(
        `UPDATE backup_fields SET name = $3, type = $4, choices = $5::jsonb, position = $6 WHERE tenant_id = $1 AND id = $2`,
        [tenantId, f.Id, f.Name.trim(), f.Type, choices, position],
      );
      const before = byId.get(f.Id)!;
      if (before.type !== f.Type || f.Type === 'choice')
        await dropInvalidValues(tx, f.Id, f.Type, f.Type === 'choice' ? (f.Choices ?? []) : []);
    }
    const r = await tx<FieldRow>(
      'SELECT id, name, type, choices FROM backup_fields WHERE tenant_id = $1 ORDER BY position, id',
      [tenantId],
    );
    return r.rows.map(toField);
  });
}

async function dropInvalidValues(tx: QueryFn, fieldId: number, type: AdditionalFieldType, choices: string[]) {
  const r = await tx<{ backup_id: number; value: string }>(
    'SELECT backup_id, value FROM backup_field_values WHERE field_id = $1',
    [fieldId],
  );
  const bad = r.rows.filter((v) => checkValue(type, choices, v.value) !== null).map((v) => v.backup_id);
  if (bad.length)
    await tx('DELETE FROM backup_field_values WHERE field_id = $1 AND backup_id = ANY($2::int[])', [fieldId, bad]);
}

/** Why a value does not fit a field's type, or null when it does. */
export function checkValue(type: AdditionalFieldType, choices: string[], value: string): string | null {
  if (type === 'number') return /^-?\d+(\.\d+)?$/.test(value.trim()) ? null : 'Enter a number';
  if (type === 'date')
    return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? null : 'Enter a date (YYYY-MM-DD)';
  if (type === 'choice') return choices.includes(value) ? null : 'Choose one of the listed values';
  return value.length <= 500 ? null : 'At most 500 characters';
}

/** A backup's values of the tenant's extra fields, by field id. */
export async function fieldValues(
  database: Database,
  tenantId: number,
  backupId: number,
): Promise<Record<string, string>> {
  const r = await database.query<{ field_id: number; value: string }>(
    'SELECT field_id, value FROM backup_field_values WHERE tenant_id = $1 AND backup_id = $2',
    [tenantId, backupId],
  );
  return Object.fromEntries(r.rows.map((v) => [String(v.field_id), v.value]));
}

/**
 * Sets a backup's values (the backup is already known to be the caller's): each is checked
 * against its field's type; null or an empty text clears the value.
 */
export async function saveFieldValues(
  database: Database,
  tenantId: number,
  backupId: number,
  values: Record<string, string | null>,
): Promise<void> {
  const fields = new Map((await listFields(database, tenantId)).map((f) => [String(f.Id), f]));
  for (const [id, value] of Object.entries(values)) {
    const field = fields.get(id);
    if (!field) throw badRequest('This field does not exist.', `AdditionalFields.${id}`);
    const text = value?.trim() ?? '';
    const problem = text === '' ? null : checkValue(field.Type, field.Choices, text);
    if (problem) throw badRequest(`${field.Name}: ${problem}`, `AdditionalFields.${id}`);
  }
  await database.transaction(async (tx) => {
    for (const [id, value] of Object.entries(values)) {
      const text = value?.trim() ?? '';
      if (text === '')
        await tx('DELETE FROM backup_field_values WHERE backup_id = $1 AND field_id = $2', [backupId, Number(id)]);
      else
        await tx(
          `INSERT INTO backup_field_values (tenant_id, backup_id, field_id, value) VALUES ($1, $2, $3, $4)
           ON CONFLICT (backup_id, field_id) DO UPDATE SET value = EXCLUDED.value`,
          [tenantId, backupId, Number(id), text],
        );
    }
  });
}
