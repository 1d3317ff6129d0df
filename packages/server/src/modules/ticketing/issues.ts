import type {
  NotificationKindValue,
  Paged,
  TicketGroupByValue,
  TicketIssue,
  TicketIssuesQuery,
  TicketState,
} from '@vigil/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { likeTerm } from '../audit/common.ts';
import { ticketVisibleSql } from './ticket-rows.ts';
import { type IssueDbRow, STATES } from './issue-rows.ts';

/**
 * Tickets → Issues: every ticket with its rule, profile and the companies of its backups.
 * Live problems come first (then failed deliveries, then ended tickets), newest change first.
 */

export async function listIssues(
  database: Database,
  tenantId: number,
  visible: number[] | null,
  query: z.infer<typeof TicketIssuesQuery>,
): Promise<Paged<TicketIssue>> {
  const params: unknown[] = [tenantId];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = ['t.tenant_id = $1', ticketVisibleSql(visible, params)];
  const states = STATES[query.State];
  if (states) where.push(`t.state = ANY(${p(states)}::text[])`);
  if (query.Search?.trim()) {
    const like = p(likeTerm(query.Search));
    where.push(`(t.subject ILIKE ${like} OR t.group_label ILIKE ${like} OR t.external_number ILIKE ${like}
      OR r.name ILIKE ${like} OR pr.name ILIKE ${like}
      OR EXISTS (SELECT 1 FROM ticket_backups sb JOIN backups sx ON sx.id = sb.backup_id
                 JOIN companies sc ON sc.id = sx.company_id WHERE sb.ticket_id = t.id AND sc.name ILIKE ${like}))`);
  }
  const limit = p(query.Size);
  const offset = p((query.Page - 1) * query.Size);
  const r = await database.query<IssueDbRow>(
    `SELECT t.id, t.group_key, t.group_label, t.subject, t.kind, t.group_by, t.status, t.state,
            t.profile_id, pr.name AS profile_name, t.rule_id, r.name AS rule_name,
            t.external_id, t.external_number, t.external_url, t.created_at AS opened_at, t.updated_at, t.closed_at, t.last_error,
            ARRAY(SELECT tb.backup_id FROM ticket_backups tb WHERE tb.ticket_id = t.id ORDER BY tb.backup_id) AS backup_ids,
            (SELECT string_agg(DISTINCT c.name, ', ') FROM ticket_backups tb JOIN backups b ON b.id = tb.backup_id
               JOIN companies c ON c.id = b.company_id WHERE tb.ticket_id = t.id) AS company_name,
            (SELECT count(*) FROM ticket_events e WHERE e.ticket_id = t.id AND e.kind = 'note') AS notes_count,
            count(*) OVER () AS total
       FROM tickets t
       LEFT JOIN ticket_rules r ON r.id = t.rule_id
       LEFT JOIN ticket_profiles pr ON pr.id = t.profile_id
      WHERE ${where.join(' AND ')}
      ORDER BY CASE t.state WHEN 'Pending' THEN 0 WHEN 'Open' THEN 0 WHEN 'Failed' THEN 1 ELSE 2 END,
               t.updated_at DESC, t.id DESC
      LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  let total = Number(r.rows[0]?.total ?? 0);
  if (!r.rows.length && query.Page > 1) {
    const c = await database.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM tickets t LEFT JOIN ticket_rules r ON r.id = t.rule_id
         LEFT JOIN ticket_profiles pr ON pr.id = t.profile_id WHERE ${where.join(' AND ')}`,
      params.slice(0, -2),
    );
    total = Number(c.rows[0].n);
  }
  return {
    Results: r.rows.map((x): TicketIssue => ({
      // One row per ticket: an ended ticket and the one after it share a group key.
      key: `${x.group_key}#${x.id}`,
      Id: x.id,
      Subject: x.subject,
      Kind: x.kind as NotificationKindValue,
      GroupBy: x.group_by as TicketGroupByValue,
      Group: x.group_label,
      Status: x.status,
      State: x.state as TicketState,
      ProfileId: x.profile_id,
      ProfileName: x.profile_name,
      RuleId: x.rule_id,
      RuleName: x.rule_name,
      ExternalId: x.external_id,
      ExternalNumber: x.external_number,
      ExternalUrl: x.external_url,
      BackupIds: x.backup_ids ?? [],
      CompanyName: x.company_name,
      OpenedAt: new Date(x.opened_at).toISOString(),
      UpdatedAt: new Date(x.updated_at).toISOString(),
      ClosedAt: x.closed_at === null ? null : new Date(x.closed_at).toISOString(),
      NotesCount: Number(x.notes_count),
      LastError: x.last_error,
    })),
    Page: query.Page,
    PageSize: query.Size,
    Total: total,
    TotalPages: Math.ceil(total / query.Size),
  };
}
