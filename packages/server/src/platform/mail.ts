import nodemailer, { type Transporter } from 'nodemailer';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { emailSettings, outbox } from '../db/schema/index.ts';
import type { Secrets } from './secrets.ts';
import type { MailType } from '@vigil/contract';
import { unsubscribedOf } from './unsubscribe.ts';
import { resolveOutbound, STRICT_OUTBOUND, type OutboundPolicy } from './outbound.ts';
import {
  type OutgoingMail,
  type TenantTransport,
  fromHeader,
  smtpPasswordContext,
  smtpTransportTo,
} from './mail-transport.ts';

/**
 * Outbound mail. Every message is written to the outbox; a tenant's message goes through the
 * tenant's default SMTP settings when it has them, anything else through SMTP_URL when set.
 * A delivery failure is recorded on the outbox row with the transport that was tried.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  /** Tenant transports by settings row, rebuilt when the row changes. */
  private readonly tenantTransports = new Map<number, TenantTransport>();
  /** Builds an address's signed unsubscribe link (set up with the sign-up routes). */
  unsubscribeLink: ((email: string, type: MailType) => Promise<string>) | null = null;

  constructor(
    private readonly database: Database,
    smtpUrl: string | undefined,
    private readonly from: string,
    private readonly secrets: Secrets | null = null,
    /** Where tenant SMTP servers may be (the system SMTP_URL is the operator's and is not checked). */
    private readonly outbound: OutboundPolicy = STRICT_OUTBOUND,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  private async tenantTransport(tenantId: number, settingsId?: number | null): Promise<TenantTransport | null> {
    const [row] = await this.database.db
      .select()
      .from(emailSettings)
      .where(
        and(
          eq(emailSettings.tenantId, tenantId),
          settingsId ? eq(emailSettings.id, settingsId) : eq(emailSettings.isDefault, true),
        ),
      )
      .orderBy(emailSettings.id)
      .limit(1);
    if (!row) return null;
    const stamp = row.updatedAt.getTime();
    const cached = this.tenantTransports.get(row.id);
    if (cached && cached.stamp === stamp) return cached;
    cached?.transport?.close();
    let password: string | null = null;
    let error: string | null = null;
    if (row.passwordSecret) {
      password = this.secrets?.open(row.passwordSecret, smtpPasswordContext(tenantId, row.id)) ?? null;
      if (password === null) error = 'The stored SMTP password cannot be read; enter it again in E-mail settings.';
    }
    const settings = { ...row, password };
    const entry: TenantTransport = {
      stamp,
      settings,
      transport: null,
      address: null,
      from: fromHeader(settings),
      name: `tenant-smtp:${row.id}`,
      error,
    };
    this.tenantTransports.set(row.id, entry);
    return entry;
  }

  /** The tenant's transport to the address its host resolves to now, checked by the outbound guard. */
  private async connectTenant(entry: TenantTransport): Promise<Transporter> {
    const target = await resolveOutbound(entry.settings.host, this.outbound);
    if (entry.transport && entry.address === target.address) return entry.transport;
    entry.transport?.close();
    entry.transport = smtpTransportTo(entry.settings, target);
    entry.address = target.address;
    return entry.transport;
  }

  get transportName(): string {
    return this.transport ? 'smtp' : 'outbox';
  }

  /** Leaves out unsubscribed addresses and adds the unsubscribe link; null when nobody is left. */
  private async applyUnsubscribes(mail: OutgoingMail): Promise<OutgoingMail & { headers?: Record<string, string> }> {
    if (!mail.type) return mail;
    const list = mail.to
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    const off = await unsubscribedOf(this.database, list, mail.type);
    const keep = list.filter((a) => !off.has(a.toLowerCase()));
    if (keep.length !== 1 || !this.unsubscribeLink) return { ...mail, to: keep.join(', ') };
    const link = await this.unsubscribeLink(keep[0], mail.type);
    return {
      ...mail,
      to: keep[0],
      text: `${mail.text}\n\n--\nTo stop receiving these e-mails, open ${link}`,
      html: mail.html && `${mail.html}<p style="font-size:12px;color:#667085"><a href="${link}">Unsubscribe</a></p>`,
      headers: { 'List-Unsubscribe': `<${link}>` },
    };
  }

  async send(original: OutgoingMail): Promise<{ id: number; error: string | null; transport: string }> {
    const mail = await this.applyUnsubscribes(original);
    if (!mail.to) {
      // Everyone asked not to get this kind of mail: kept in the outbox as suppressed, not sent.
      const [row] = await this.database.db
        .insert(outbox)
        .values({
          tenantId: mail.tenantId ?? null,
          to: original.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? null,
          transport: 'suppressed: unsubscribed',
        })
        .returning({ id: outbox.id });
      return { id: row.id, error: null, transport: 'suppressed: unsubscribed' };
    }
    const tenant = mail.tenantId ? await this.tenantTransport(mail.tenantId, mail.emailSettingsId) : null;
    const transportName = tenant ? tenant.name : this.transportName;
    let error: string | null = tenant?.error ?? null;
    let transport = tenant ? null : this.transport;
    if (tenant && !error) {
      try {
        transport = await this.connectTenant(tenant);
      } catch (err) {
        // A refused or unknown host is recorded on the outbox row like any failed delivery.
        error = err instanceof Error ? err.message : String(err);
      }
    }
    if (transport) {
      try {
        await transport.sendMail({
          from: tenant ? tenant.from : this.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments,
          headers: mail.headers,
        });
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
      }
    }
    const [row] = await this.database.db
      .insert(outbox)
      .values({
        tenantId: mail.tenantId ?? null,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        transport: transportName,
        error,
      })
      .returning({ id: outbox.id });
    return { id: row.id, error, transport: transportName };
  }

  close(): void {
    this.transport?.close();
    for (const t of this.tenantTransports.values()) t.transport?.close();
    this.tenantTransports.clear();
  }
}

export { smtpTransport, fromHeader, smtpPasswordContext } from './mail-transport.ts';
export type { OutgoingMail, SmtpSettings } from './mail-transport.ts';
