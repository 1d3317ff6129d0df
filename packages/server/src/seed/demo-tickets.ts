import type { Database } from '../db/client.ts';
import { NotificationKind, TicketGroupBy } from '@vigil/contract';

/**
 * The demo's ticketing: an e-mail profile (the demo has no PSA to reach) and two rules, so the
 * engine raises, notes and closes tickets from the demo's live results and Tickets → Issues shows
 * real ones. The mail goes through the default outbound mail (the outbox in development).
 * Idempotent: nothing is added when the demo already has profiles.
 */
export async function seedDemoTickets(database: Database, tenantId: number): Promise<void> {
  const existing = await database.query('SELECT 1 FROM ticket_profiles WHERE tenant_id = $1 LIMIT 1', [tenantId]);
  if (existing.rows.length) return;
  await database.transaction(async (q) => {
    const profile = await q<{ id: number }>(
      `INSERT INTO ticket_profiles (tenant_id, name, type, group_by, custom_subject, settings, email_settings_id)
       VALUES ($1, 'Service desk e-mail', $2, $3, $4, $5::jsonb, NULL) RETURNING id`,
      [
        tenantId,
        NotificationKind.Email,
        TicketGroupBy.Policy,
        '[{status}] {company}: {device} / {job} ({date|dd MMM})',
        JSON.stringify({
          Recipients: ['servicedesk@demo-msp.example'],
          IncludeCompanyName: true,
          IncludeFailureText: true,
        }),
      ],
    );
    const rule = (position: number, name: string, statuses: number[], days: number, tags: string[]) =>
      q(
        `INSERT INTO ticket_rules (tenant_id, name, is_enabled, position, profile_id, statuses, consecutive_days,
           use_failure_threshold, scope, auto_close, close_note, note_on_continue)
         VALUES ($1, $2, true, $3, $4, $5::jsonb, $6, false, $7::jsonb, true, $8, true)`,
        [
          tenantId,
          name,
          position,
          profile.rows[0].id,
          JSON.stringify(statuses),
          days,
          JSON.stringify({ CompanyIds: [], Tags: tags, Vendors: [] }),
          'The backup succeeded again; closing.',
        ],
      );
    await rule(1, 'Critical backups: failure or no result', [3, 4], 1, ['critical']);
    await rule(2, 'Any backup failing two days running', [3, 4], 2, []);
    await q(
      `INSERT INTO ticket_evaluations (tenant_id, dirty) VALUES ($1, true)
       ON CONFLICT (tenant_id) DO UPDATE SET dirty = true`,
      [tenantId],
    );
  });
}
