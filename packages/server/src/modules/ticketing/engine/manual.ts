import { randomUUID } from 'node:crypto';
import { PROFILE_MESSAGES, type TicketGroupByValue } from '@vigil/contract';
import type { Deps } from '../../../deps.ts';
import type { QueryFn } from '../../../db/client.ts';
import { badRequest, HttpError, notFound } from '../../../platform/errors.ts';
import { psaForTenant } from '../../integrations/service.ts';
import { addEvent, dropUndelivered, endTicket, linkBackups, queueAction } from './store.ts';
import {
  globalSubject,
  groupLabel,
  patternValues,
  renderDescription,
  renderSubject,
  subjectPattern,
  type BackupText,
} from './texts.ts';
import { loadFailureTexts, tenantTimeZone } from './load.ts';
import { kickDelivery } from './deliver.ts';

export const TICKET_MESSAGES = {
  ticketNotFound: 'Ticket not found',
  psaTicketNotFound: (id: string) => `Ticket ${id} was not found in the PSA`,
  ticketEnded: 'This ticket is closed',
  notLinked: 'This ticket is not linked to the backup',
  removedNote: 'The backup was removed from monitoring.',
} as const;

interface BackupRow {
  id: number;
  device_name: string;
  job_name: string;
  vendor: string;
  company_name: string | null;
  current_status: number;
  tags: string[] | null;
}

async function backupOf(q: QueryFn, tenantId: number, backupId: number): Promise<BackupRow> {
  const r = await q<BackupRow>(
    `SELECT b.id, b.device_name, b.job_name, b.vendor, c.name AS company_name, b.current_status,
            (SELECT array_agg(t.tag ORDER BY t.tag) FROM backup_tags t WHERE t.backup_id = b.id) AS tags
       FROM backups b LEFT JOIN companies c ON c.id = b.company_id WHERE b.tenant_id = $1 AND b.id = $2`,
    [tenantId, backupId],
  );
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

/** The status a hand-made ticket reports: the backup's current one, Failure when it has none. */
const manualStatus = (s: number) => ([2, 3, 4].includes(s) ? s : 3);

/**
 * A ticket made by hand for one backup with a profile: queued like a rule's ticket and
 * delivered by the outbox worker. The subject and body default to what a rule would write.
 */
export async function createManualTicket(
  deps: Deps,
  tenantId: number,
  policyId: number,
  input: { profileId: number; subject?: string | null; description?: string | null; userId: number },
): Promise<number> {
  const id = await deps.database.transaction(async (q) => {
    const b = await backupOf(q, tenantId, policyId);
    const p = await q<{
      id: number;
      type: number;
      group_by: number;
      custom_subject: string | null;
      custom_description: string | null;
      settings: Record<string, unknown>;
    }>(
      `SELECT id, type, group_by, custom_subject, custom_description, settings FROM ticket_profiles
        WHERE tenant_id = $1 AND id = $2`,
      [tenantId, input.profileId],
    );
    const profile = p.rows[0];
    if (!profile) throw badRequest('Choose a ticket profile', 'ProfileId');
    if (profile.type === 1 && !(await q('SELECT 1 FROM crm_integrations WHERE tenant_id = $1', [tenantId])).rows.length)
      throw badRequest(PROFILE_MESSAGES.noPsa, 'ProfileId');
    const groupBy = profile.group_by as TicketGroupByValue;
    const status = manualStatus(b.current_status);
    const failure = await loadFailureTexts(q, [b.id]);
    const bt: BackupText = {
      id: b.id,
      deviceName: b.device_name,
      jobName: b.job_name,
      vendor: b.vendor,
      companyName: b.company_name,
      tags: b.tags ?? [],
      status,
      streak: 1,
      failureText: failure.get(b.id) ?? null,
    };
    const texts = { groupBy, customSubject: profile.custom_subject, customDescription: profile.custom_description };
    const values = patternValues(groupBy, [bt], status, new Date(), await tenantTimeZone(q, tenantId));
    const subject =
      input.subject?.trim() || renderSubject(subjectPattern(texts, await globalSubject(q, tenantId, groupBy)), values);
    const facts = {
      includeCompany: profile.type !== 2 || profile.settings?.IncludeCompanyName === true,
      includeFailureText: profile.type !== 2 || profile.settings?.IncludeFailureText === true,
    };
    const description = input.description?.trim() || renderDescription(texts, values, [bt], facts);
    const ins = await q<{ id: number }>(
      `INSERT INTO tickets (tenant_id, profile_id, kind, group_by, group_key, group_label, subject, description, status,
                            state, manual, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'Pending', true, $10) RETURNING id`,
      [
        tenantId,
        profile.id,
        profile.type,
        groupBy,
        `manual:${randomUUID()}`,
        groupLabel(groupBy, bt),
        subject.slice(0, 1000),
        description,
        status,
        input.userId,
      ],
    );
    const id = ins.rows[0].id;
    await q('UPDATE tickets SET group_key = $2 WHERE id = $1', [id, `manual:${id}`]);
    await linkBackups(q, tenantId, id, [b.id]);
    await addEvent(q, tenantId, id, 'created', 'Created by hand', input.userId);
    await queueAction(q, tenantId, id, 'create', 'create', {
      subject,
      text: description,
      event: 'ticket.opened',
      backupIds: [b.id],
    });
    return id;
  });
  kickDelivery(deps);
  return id;
}

/** A note on a ticket, optionally closing it; delivered to its target by the outbox. */
export async function addTicketNote(
  deps: Deps,
  tenantId: number,
  ticketId: number,
  input: { note: string; close: boolean; userId: number | null },
): Promise<void> {
  await deps.database.transaction(async (q) => {
    const r = await q<{ state: string; backup_ids: number[] | null }>(
      `SELECT t.state, (SELECT array_agg(backup_id) FROM ticket_backups WHERE ticket_id = t.id AND unlinked_at IS NULL)
              AS backup_ids
         FROM tickets t WHERE t.tenant_id = $1 AND t.id = $2 FOR UPDATE`,
      [tenantId, ticketId],
    );
    const t = r.rows[0];
    if (!t) throw notFound(TICKET_MESSAGES.ticketNotFound);
    if (t.state !== 'Pending' && t.state !== 'Open') throw new HttpError(409, TICKET_MESSAGES.ticketEnded);
    const note = input.note.trim();
    const dedupe = `user:${randomUUID()}`;
    if (input.close) {
      await endTicket(q, ticketId, 'Closed');
      await addEvent(q, tenantId, ticketId, 'closed', note, input.userId);
      await queueAction(q, tenantId, ticketId, 'close', dedupe, {
        text: note,
        event: 'ticket.closed',
        backupIds: t.backup_ids ?? [],
      });
    } else {
      await q('UPDATE tickets SET updated_at = now() WHERE id = $1', [ticketId]);
      await addEvent(q, tenantId, ticketId, 'note', note, input.userId);
      await queueAction(q, tenantId, ticketId, 'note', dedupe, {
        text: note,
        event: 'ticket.noted',
        backupIds: t.backup_ids ?? [],
      });
    }
  });
  kickDelivery(deps);
}

/**
 * Links a ticket that already exists in the PSA to a backup. The PSA is asked first (404 when
 * it has no such ticket); linking the same PSA ticket again reuses Vigil's ticket for it.
 */
export async function linkExistingTicket(
  deps: Deps,
  tenantId: number,
  policyId: number,
  externalTicketId: string,
  userId: number,
): Promise<number> {
  const external = externalTicketId.trim();
  if (!external) throw badRequest('Enter the PSA ticket number', 'ticketId');
  await backupOf(deps.database.query.bind(deps.database) as QueryFn, tenantId, policyId);
  const psa = await psaForTenant(deps, tenantId);
  if (!psa) throw badRequest(PROFILE_MESSAGES.noPsa);
  const found = await psa.client.getTicket(external).finally(() => psa.flush().catch(() => undefined));
  if (!found) throw notFound(TICKET_MESSAGES.psaTicketNotFound(external));
  return deps.database.transaction(async (q) => {
    const b = await backupOf(q, tenantId, policyId);
    const key = `psa:${found.id}`;
    const existing = await q<{ id: number }>(
      `SELECT id FROM tickets WHERE tenant_id = $1 AND kind = 1 AND external_id = $2 AND state IN ('Pending', 'Open')
        ORDER BY id LIMIT 1`,
      [tenantId, found.id],
    );
    let id = existing.rows[0]?.id;
    if (!id) {
      const ins = await q<{ id: number }>(
        `INSERT INTO tickets (tenant_id, kind, group_by, group_key, group_label, subject, status, state, manual,
                              external_id, external_number, external_url, psa_company_id, created_by)
         VALUES ($1, 1, 0, $2, $3, $4, $5, 'Open', true, $6, $7, $8, $9, $10)
         ON CONFLICT (tenant_id, group_key) WHERE state IN ('Pending', 'Open') DO NOTHING RETURNING id`,
        [
          tenantId,
          key,
          `${b.device_name} / ${b.job_name}`,
          (found.summary || `PSA ticket ${found.number}`).slice(0, 1000),
          manualStatus(b.current_status),
          found.id,
          found.number,
          found.url,
          found.companyId,
          userId,
        ],
      );
      id = ins.rows[0]?.id;
      if (!id)
        id = (
          await q<{ id: number }>(
            "SELECT id FROM tickets WHERE tenant_id = $1 AND group_key = $2 AND state IN ('Pending', 'Open')",
            [tenantId, key],
          )
        ).rows[0].id;
    }
    const linked = await q(
      'SELECT 1 FROM ticket_backups WHERE ticket_id = $1 AND backup_id = $2 AND unlinked_at IS NULL',
      [id, b.id],
    );
    if (!linked.rows.length) {
      await linkBackups(q, tenantId, id, [b.id]);
      await addEvent(q, tenantId, id, 'linked', `Linked to ${b.device_name} / ${b.job_name}`, userId);
    }
    return id;
  });
}

/** Takes a ticket off a backup; a ticket left without backups ends (Unlinked) in Vigil only. */
export async function unlinkTicket(
  deps: Deps,
  tenantId: number,
  policyId: number,
  ticketId: number,
  userId: number,
): Promise<void> {
  await deps.database.transaction(async (q) => {
    const r = await q<{ device_name: string; job_name: string }>(
      `UPDATE ticket_backups tb SET unlinked_at = now() FROM backups b
        WHERE tb.ticket_id = $1 AND tb.backup_id = $2 AND tb.tenant_id = $3 AND tb.unlinked_at IS NULL AND b.id = tb.backup_id
        RETURNING b.device_name, b.job_name`,
      [ticketId, policyId, tenantId],
    );
    if (!r.rows[0]) throw notFound(TICKET_MESSAGES.notLinked);
    await addEvent(
      q,
      tenantId,
      ticketId,
      'unlinked',
      `Unlinked from ${r.rows[0].device_name} / ${r.rows[0].job_name}`,
      userId,
    );
    const left = await q('SELECT 1 FROM ticket_backups WHERE ticket_id = $1 AND unlinked_at IS NULL LIMIT 1', [
      ticketId,
    ]);
    if (!left.rows.length && (await endTicket(q, ticketId, 'Unlinked'))) await dropUndelivered(q, ticketId);
  });
}

/**
 * Features §4.7, deleting or retiring backups: their live tickets lose them. A ticket left
 * without backups ends — Unlink closes it in Vigil only; Close also closes it in its target
 * (the PSA with the profile's closed status; a follow-up mail or webhook for the others).
 */
export async function endTicketsForBackups(
  deps: Deps,
  tenantId: number,
  backupIds: number[],
  closeInPsa: boolean,
  userId: number | null,
): Promise<void> {
  if (!backupIds.length) return;
  await deps.database.transaction(async (q) => {
    const r = await q<{ ticket_id: number }>(
      `UPDATE ticket_backups tb SET unlinked_at = now() FROM tickets t
        WHERE t.id = tb.ticket_id AND t.tenant_id = $1 AND t.state IN ('Pending', 'Open')
          AND tb.backup_id = ANY($2::int[]) AND tb.unlinked_at IS NULL
        RETURNING tb.ticket_id`,
      [tenantId, backupIds],
    );
    const ticketIds = [...new Set(r.rows.map((x) => x.ticket_id))];
    for (const id of ticketIds) {
      const left = await q('SELECT 1 FROM ticket_backups WHERE ticket_id = $1 AND unlinked_at IS NULL LIMIT 1', [id]);
      if (left.rows.length) {
        await addEvent(q, tenantId, id, 'unlinked', 'A backup of this ticket was removed from monitoring', userId);
        continue;
      }
      if (closeInPsa) {
        if (!(await endTicket(q, id, 'Closed'))) continue;
        await addEvent(q, tenantId, id, 'closed', TICKET_MESSAGES.removedNote, userId);
        await queueAction(q, tenantId, id, 'close', 'removed', {
          text: TICKET_MESSAGES.removedNote,
          event: 'ticket.closed',
          backupIds,
        });
      } else if (await endTicket(q, id, 'Unlinked')) {
        await dropUndelivered(q, id);
        await addEvent(q, tenantId, id, 'unlinked', `${TICKET_MESSAGES.removedNote} Closed in Vigil only.`, userId);
      }
    }
  });
  if (closeInPsa) kickDelivery(deps);
}
