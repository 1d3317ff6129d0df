import { randomUUID } from 'node:crypto';
import { ALERT_TICKET_THRESHOLD_DEFAULT, type AlertMailbox, type AlertMailboxActivate } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import type { AlertRoute } from '../../intake/pipeline.ts';
import { ALERT_ADDRESS_SUFFIX } from '../../intake/service.ts';
import type { BlobStore } from '../../platform/blobs.ts';
import { storableText } from '../../platform/input.ts';
import { readMail } from '../../parser/mime.ts';
import { notFound } from '../../platform/errors.ts';
import { analyseAndStore } from './analysis.ts';
import { afterAnalysis } from './follow-up.ts';

/** The body text kept with an alert e-mail (the raw message stays in the blob store). */
export const ALERT_BODY_MAX = 100_000;

interface MailboxRow {
  active: boolean;
  route_unrecognised: boolean;
  ticket_threshold: number;
}

/** A tenant's Alert Radar address: `<slug>-alerts@<inbound domain>`. */
export async function alertAddress(database: Database, tenantId: number, inboundDomain: string): Promise<string> {
  const { rows } = await database.query<{ slug: string }>('SELECT slug FROM tenants WHERE id = $1', [tenantId]);
  if (!rows[0]) throw notFound();
  return `${rows[0].slug.toLowerCase()}${ALERT_ADDRESS_SUFFIX}@${inboundDomain.toLowerCase()}`;
}

export async function mailboxSettings(database: Database, tenantId: number): Promise<MailboxRow> {
  const { rows } = await database.query<MailboxRow>(
    'SELECT active, route_unrecognised, ticket_threshold FROM alert_mailboxes WHERE tenant_id = $1',
    [tenantId],
  );
  return rows[0] ?? { active: false, route_unrecognised: false, ticket_threshold: ALERT_TICKET_THRESHOLD_DEFAULT };
}

export async function getMailbox(database: Database, tenantId: number, inboundDomain: string): Promise<AlertMailbox> {
  const s = await mailboxSettings(database, tenantId);
  return {
    EmailAddress: await alertAddress(database, tenantId, inboundDomain),
    IsActive: s.active,
    RouteUnrecognised: s.route_unrecognised,
    TicketThreshold: Number(s.ticket_threshold),
  };
}

export async function activateMailbox(
  database: Database,
  tenantId: number,
  inboundDomain: string,
  input: AlertMailboxActivate,
): Promise<AlertMailbox> {
  const now = await mailboxSettings(database, tenantId);
  await database.query(
    `INSERT INTO alert_mailboxes (tenant_id, active, route_unrecognised, ticket_threshold) VALUES ($1, $2, $3, $4)
     ON CONFLICT (tenant_id) DO UPDATE SET active = $2, route_unrecognised = $3, ticket_threshold = $4, updated_at = now()`,
    [
      tenantId,
      input.IsActive ?? true,
      input.RouteUnrecognised ?? now.route_unrecognised,
      input.TicketThreshold ?? now.ticket_threshold,
    ],
  );
  return getMailbox(database, tenantId, inboundDomain);
}

/** Files one e-mail as an alert e-mail (once per intake row) and analyses it as version 1. */
export async function fileAlertEmail(
  database: Database,
  blobs: BlobStore,
  email: { emailId: number; tenantId: number; blobKey: string; receivedAt: Date; recipient: string },
): Promise<number> {
  const existing = await database.query<{ id: number; n: number }>(
    `SELECT a.id, (SELECT count(*) FROM alert_analyses x WHERE x.alert_email_id = a.id)::int AS n
       FROM alert_emails a WHERE a.tenant_id = $1 AND a.email_id = $2`,
    [email.tenantId, email.emailId],
  );
  let id = existing.rows[0] ? Number(existing.rows[0].id) : null;
  if (id === null) {
    const mail = await readMail(await blobs.get(email.blobKey));
    const inserted = await database.query<{ id: number }>(
      `INSERT INTO alert_emails (tenant_id, email_uid, email_id, message_id, from_address, to_address, subject, body, blob_key, received_at)
       VALUES ($1, $2::uuid, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (tenant_id, email_id) DO NOTHING RETURNING id`,
      [
        email.tenantId,
        randomUUID(),
        email.emailId,
        storableText(mail.messageId, 500),
        storableText(mail.from, 320),
        // The envelope recipient too: its plus tag may name the company.
        storableText([...new Set([...mail.to.map((x) => x.toLowerCase()), email.recipient])].join(', '), 2000),
        storableText(mail.subject, 1000),
        storableText(mail.text, ALERT_BODY_MAX),
        email.blobKey,
        email.receivedAt,
      ],
    );
    if (!inserted.rows[0]) return fileAlertEmail(database, blobs, email);
    id = Number(inserted.rows[0].id);
  } else if (existing.rows[0].n > 0) {
    return id;
  }
  await analyseAndStore(database, id);
  await afterAnalysis(database, id).catch((err: unknown) =>
    console.error('[alerts] follow-up failed:', err instanceof Error ? err.message : err),
  );
  return id;
}

/** Alert Radar's claim on incoming e-mails (wired into the parse pipeline by app.ts). */
export function alertRoute(database: Database, blobs: BlobStore): AlertRoute {
  return {
    async claims({ tenantId, recipient, recognised }) {
      const local = recipient.slice(0, recipient.lastIndexOf('@')).toLowerCase();
      const base = local.split('+')[0];
      const toAlertAddress = base.endsWith(ALERT_ADDRESS_SUFFIX);
      if (!toAlertAddress && recognised) return false;
      const s = await mailboxSettings(database, tenantId);
      if (!s.active) return false;
      if (toAlertAddress) {
        // A tenant whose own slug ends in "-alerts" keeps its backup address.
        const { rows } = await database.query<{ slug: string }>('SELECT slug FROM tenants WHERE id = $1', [tenantId]);
        return rows[0]?.slug.toLowerCase() !== base;
      }
      return s.route_unrecognised;
    },
    async file(email) {
      await fileAlertEmail(database, blobs, email);
    },
  };
}
