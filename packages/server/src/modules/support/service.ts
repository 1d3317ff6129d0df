import { eq } from 'drizzle-orm';
import type { SupportTicket, SupportTicketInput } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { supportTickets, tenants, users } from '../../db/schema/index.ts';
import type { Mailer } from '../../platform/mail.ts';

/**
 * Support screen: a ticket is stored, then e-mailed to the platform's support address as system
 * mail (never through the tenant's own SMTP: it goes to us, not to the tenant's customers). The
 * e-mail names the tenant and the sender so support can answer by e-mail.
 */
export class SupportService {
  constructor(
    private readonly database: Database,
    private readonly mailer: Mailer,
    private readonly supportEmail: string,
    private readonly publicUrl: string,
  ) {}

  async create(tenantId: number, userId: number, input: SupportTicketInput): Promise<SupportTicket> {
    const [who] = await this.database.db
      .select({ email: users.email, first: users.firstName, last: users.lastName, tenant: tenants.name })
      .from(users)
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(eq(users.id, userId));
    const [ticket] = await this.database.db
      .insert(supportTickets)
      .values({ tenantId, userId, subject: input.Subject, body: input.Message })
      .returning();
    const name = [who?.first, who?.last].filter(Boolean).join(' ') || who?.email || `user ${userId}`;
    const sent = await this.mailer.send({
      tenantId: null,
      to: this.supportEmail,
      subject: `[Support #${ticket.id}] ${input.Subject}`,
      text: [
        `From: ${name} <${who?.email ?? ''}>`,
        `Tenant: ${who?.tenant ?? tenantId} (id ${tenantId})`,
        `Sent: ${ticket.createdAt.toISOString()}`,
        `App: ${this.publicUrl}`,
        '',
        input.Message,
        '',
      ].join('\n'),
    });
    await this.database.db.update(supportTickets).set({ outboxId: sent.id }).where(eq(supportTickets.id, ticket.id));
    return { Id: ticket.id, Subject: ticket.subject, CreatedAt: ticket.createdAt.toISOString() };
  }
}
