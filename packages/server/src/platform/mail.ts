import nodemailer, { type Transporter } from 'nodemailer';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { emailSettings, outbox } from '../db/schema/index.ts';
import type { Secrets } from './secrets.ts';

export interface OutgoingMail {
  tenantId?: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
  /** A tenant's SMTP settings row to send through instead of its default one. */
  emailSettingsId?: number | null;
}

/** A tenant's SMTP server, with its password already decrypted. */
export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  userName: string | null;
  password: string | null;
  fromAddress: string;
  fromName: string | null;
}

/** A transport for tenant SMTP settings; short timeouts so a dead server answers within seconds. */
export function smtpTransport(s: SmtpSettings): Transporter {
  return nodemailer.createTransport({
    host: s.host,
    port: s.port,
    secure: s.secure,
    auth: s.userName ? { user: s.userName, pass: s.password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
}

export function fromHeader(s: Pick<SmtpSettings, 'fromAddress' | 'fromName'>): string {
  return s.fromName ? `"${s.fromName.replace(/["\\]/g, '')}" <${s.fromAddress}>` : s.fromAddress;
}

/** What sealed a tenant's SMTP password (the settings row is part of it). */
export const smtpPasswordContext = (tenantId: number, settingsId: number) => `email-settings:${tenantId}:${settingsId}`;

interface TenantTransport {
  stamp: number;
  transport: Transporter | null;
  from: string;
  name: string;
  error: string | null;
}

/**
 * Outbound mail. Every message is written to the outbox; a tenant's message goes through the
 * tenant's default SMTP settings when it has them, anything else through SMTP_URL when set.
 * A delivery failure is recorded on the outbox row with the transport that was tried.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  /** Tenant transports by settings row, rebuilt when the row changes. */
  private readonly tenantTransports = new Map<number, TenantTransport>();

  constructor(
    private readonly database: Database,
    smtpUrl: string | undefined,
    private readonly from: string,
    private readonly secrets: Secrets | null = null,
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
      transport: error ? null : smtpTransport(settings),
      from: fromHeader(settings),
      name: `tenant-smtp:${row.id}`,
      error,
    };
    this.tenantTransports.set(row.id, entry);
    return entry;
  }

  get transportName(): string {
    return this.transport ? 'smtp' : 'outbox';
  }

  async send(mail: OutgoingMail): Promise<{ id: number; error: string | null; transport: string }> {
    const tenant = mail.tenantId ? await this.tenantTransport(mail.tenantId, mail.emailSettingsId) : null;
    const transport = tenant ? tenant.transport : this.transport;
    const transportName = tenant ? tenant.name : this.transportName;
    let error: string | null = tenant?.error ?? null;
    if (transport) {
      try {
        await transport.sendMail({
          from: tenant ? tenant.from : this.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments,
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
