import type {
  AlertClassificationInput,
  AlertClassificationItem,
  AlertTypeItem,
  AlertTypesInput,
  NerLabel,
  NerLabelCreate,
  NerLabelRename,
} from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { badRequest, databaseErrorCode, HttpError, notFound } from '../../platform/errors.ts';

/** NER labels, classifications and alert types (Alert Scope). */

export const LABEL_MESSAGES = {
  exists: 'A label with this name already exists',
  keyValueLocked: 'KeyValue labels cannot be edited or deleted',
  classificationExists: 'This classification already exists',
} as const;

const NAMED_ENTITIES = 1;
const KEY_VALUE = 0;

export async function nerLabels(database: Database): Promise<NerLabel[]> {
  const { rows } = await database.query<{ id: number; label: string; ner_type: number }>(
    'SELECT id, label, ner_type FROM ner_labels ORDER BY ner_type, lower(label)',
  );
  return rows.map((r) => ({ id: r.id, label: r.label, nerType: r.ner_type }));
}

/** Creating a label always yields NamedEntities (features §5). */
export async function createNerLabel(database: Database, input: NerLabelCreate): Promise<NerLabel> {
  const { rows } = await database.query<{ id: number; label: string; ner_type: number }>(
    `INSERT INTO ner_labels (label, ner_type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id, label, ner_type`,
    [input.Label, NAMED_ENTITIES],
  );
  if (!rows[0]) throw new HttpError(409, LABEL_MESSAGES.exists);
  return { id: rows[0].id, label: rows[0].label, nerType: rows[0].ner_type };
}

async function labelByName(database: Database, label: string) {
  const { rows } = await database.query<{ id: number; label: string; ner_type: number }>(
    'SELECT id, label, ner_type FROM ner_labels WHERE lower(label) = lower($1)',
    [label],
  );
  return rows[0] ?? null;
}

/** Renames a NamedEntities label, in stored annotations too. */
export async function renameNerLabel(database: Database, input: NerLabelRename): Promise<NerLabel> {
  const old = await labelByName(database, input.OldLabel);
  if (!old) throw notFound();
  if (old.ner_type === KEY_VALUE) throw badRequest(LABEL_MESSAGES.keyValueLocked, 'OldLabel');
  const clash = await labelByName(database, input.NewLabel);
  if (clash && clash.id !== old.id) throw new HttpError(409, LABEL_MESSAGES.exists);
  await database.transaction(async (q) => {
    await q('UPDATE ner_labels SET label = $2 WHERE id = $1', [old.id, input.NewLabel]);
    // Annotations of that label (NamedEntities) take the new name.
    await q(
      `UPDATE alert_analyses SET annotations = (
         SELECT jsonb_agg(CASE WHEN e->>'label' = $1 AND (e->>'nerType')::int = 1
                               THEN jsonb_set(e, '{label}', to_jsonb($2::text)) ELSE e END)
           FROM jsonb_array_elements(annotations) e)
        WHERE jsonb_array_length(annotations) > 0
          AND annotations @> jsonb_build_array(jsonb_build_object('label', $1::text))`,
      [old.label, input.NewLabel],
    );
  });
  return { id: old.id, label: input.NewLabel, nerType: old.ner_type };
}

export async function deleteNerLabel(database: Database, id: number): Promise<void> {
  const { rows } = await database.query<{ ner_type: number }>('SELECT ner_type FROM ner_labels WHERE id = $1', [id]);
  if (!rows[0]) throw notFound();
  if (rows[0].ner_type === KEY_VALUE) throw badRequest(LABEL_MESSAGES.keyValueLocked, 'id');
  await database.query('DELETE FROM ner_labels WHERE id = $1', [id]);
}

export async function classifications(database: Database): Promise<AlertClassificationItem[]> {
  const { rows } = await database.query<AlertClassificationItem>(
    'SELECT id, label, type FROM alert_classifications ORDER BY lower(type), lower(label)',
  );
  return rows;
}

export async function saveClassification(
  database: Database,
  input: AlertClassificationInput,
  id?: number,
): Promise<AlertClassificationItem> {
  try {
    const { rows } = id
      ? await database.query<AlertClassificationItem>(
          'UPDATE alert_classifications SET label = $2, type = $3 WHERE id = $1 RETURNING id, label, type',
          [id, input.label, input.type],
        )
      : await database.query<AlertClassificationItem>(
          'INSERT INTO alert_classifications (label, type) VALUES ($1, $2) RETURNING id, label, type',
          [input.label, input.type],
        );
    if (!rows[0]) throw notFound();
    return rows[0];
  } catch (err) {
    if (databaseErrorCode(err) === '23505') throw new HttpError(409, LABEL_MESSAGES.classificationExists);
    throw err;
  }
}

export async function deleteClassification(database: Database, id: number): Promise<void> {
  const { rows } = await database.query('DELETE FROM alert_classifications WHERE id = $1 RETURNING id', [id]);
  if (!rows.length) throw notFound();
}

export async function alertTypes(database: Database): Promise<AlertTypeItem[]> {
  const { rows } = await database.query<AlertTypeItem>('SELECT id, label, kind FROM alert_types ORDER BY id');
  return rows;
}

/** Replaces the alert types: rows with an id are updated, new ones added, the rest removed. */
export async function saveAlertTypes(database: Database, input: AlertTypesInput): Promise<AlertTypeItem[]> {
  await database.transaction(async (q) => {
    const keep = input.filter((t) => t.id).map((t) => t.id);
    await q('DELETE FROM alert_types WHERE NOT (id = ANY($1::int[]))', [keep]);
    for (const t of input) {
      if (t.id) await q('UPDATE alert_types SET label = $2, kind = $3 WHERE id = $1', [t.id, t.label, t.kind]);
      else await q('INSERT INTO alert_types (label, kind) VALUES ($1, $2)', [t.label, t.kind]);
    }
  });
  return alertTypes(database);
}
