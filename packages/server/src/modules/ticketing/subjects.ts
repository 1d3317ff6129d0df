import {
  DEFAULT_SUBJECTS,
  exampleValues,
  parsePattern,
  renderPattern,
  TICKET_GROUP_LABELS,
  type SubjectTemplate,
  type SubjectTemplateInput,
  type TicketGroupByValue,
} from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../platform/errors.ts';

/**
 * Global subjects, one per grouping (features §5.2): a profile without its own subject uses
 * the tenant's subject for its grouping, else the product's default. Patterns are checked
 * with the one pattern parser the editor uses, so what the editor accepts is what is saved.
 */

export const GROUPINGS = Object.keys(TICKET_GROUP_LABELS).map(Number) as TicketGroupByValue[];
export const PATTERN_REQUIRED = 'Pattern is required';
export const PATTERN_INVALID = 'The pattern has errors';

/** 400 `{ Message, Errors }`: each error carries the parser's offsets and message. */
export function checkPattern(pattern: string, groupBy: TicketGroupByValue): void {
  if (!pattern.trim()) {
    const e = { start: 0, end: 0, message: PATTERN_REQUIRED };
    throw new HttpError(400, PATTERN_REQUIRED, [{ Field: 'Pattern', Message: PATTERN_REQUIRED, ...e }]);
  }
  const { errors } = parsePattern(pattern, groupBy);
  if (errors.length)
    throw new HttpError(
      400,
      `${PATTERN_INVALID}: ${errors[0].message}`,
      errors.map((e) => ({ Field: 'Pattern', Message: e.message, start: e.start, end: e.end, message: e.message })),
    );
}

export function example(pattern: string, groupBy: TicketGroupByValue, now = new Date()): string {
  return renderPattern(pattern, exampleValues(groupBy, now));
}

const template = (pattern: string, groupBy: TicketGroupByValue): SubjectTemplate => ({
  Pattern: pattern,
  GroupBy: groupBy,
  Example: example(pattern, groupBy),
});

export function defaultSubjects(): SubjectTemplate[] {
  return GROUPINGS.map((g) => template(DEFAULT_SUBJECTS[g], g));
}

export class TicketSubjects {
  constructor(private readonly database: Database) {}

  /** The four subjects in grouping order: the tenant's where set, the default elsewhere. */
  async current(tenantId: number): Promise<SubjectTemplate[]> {
    const r = await this.database.query<{ group_by: number; pattern: string }>(
      'SELECT group_by, pattern FROM ticket_subjects WHERE tenant_id = $1',
      [tenantId],
    );
    const own = new Map(r.rows.map((x) => [x.group_by, x.pattern]));
    return GROUPINGS.map((g) => template(own.get(g) ?? DEFAULT_SUBJECTS[g], g));
  }

  async save(tenantId: number, input: SubjectTemplateInput): Promise<void> {
    checkPattern(input.Pattern, input.GroupBy);
    await this.database.query(
      `INSERT INTO ticket_subjects (tenant_id, group_by, pattern) VALUES ($1, $2, $3)
       ON CONFLICT (tenant_id, group_by) DO UPDATE SET pattern = EXCLUDED.pattern, updated_at = now()`,
      [tenantId, input.GroupBy, input.Pattern],
    );
  }
}
