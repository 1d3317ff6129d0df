import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

export interface OutgoingMail {
  tenantId?: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

/**
 * Outbound mail. Every message is written to the outbox first; with SMTP_URL set it is also
 * handed to that SMTP server, and a delivery failure is recorded on the outbox row.
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly database: Database,
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  get transportName(): string {
    return this.transport ? 'smtp' : 'outbox';
  }

  async send(mail: OutgoingMail): Promise<{ id: number; error: string | null }> {
    let error: string | null = null;
    if (this.transport) {
      try {
        await this.transport.sendMail({
          from: this.from,
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
        transport: this.transportName,
        error,
      })
      .returning({ id: outbox.id });
    return { id: row.id, error };
  }

  close(): void {
    this.transport?.close();
  }
}
