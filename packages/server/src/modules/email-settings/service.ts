import { and, desc, eq, isNotNull, ne } from 'drizzle-orm';
import {
  EmailAlertSettings,
  type EmailSettings,
  type EmailSettingsInput,
  type EmailSettingsTestResult,
} from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { emailAlertSettings, emailSettings, tenants, ticketProfiles } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { fromHeader, smtpPasswordContext, smtpTransport, type SmtpSettings } from '../../platform/mail.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { OutboundRefused, STRICT_OUTBOUND, type OutboundPolicy } from '../../platform/outbound.ts';
import { type Row, smtpError, smtpTestFailed, toSettings } from './smtp-settings-row.ts';

/**
 * A tenant's SMTP settings (Settings → E-mail). Settings are only stored after they worked:
 * connect, authenticate and deliver a test message. The password is sealed at rest and never
 * leaves the server; an update without a password keeps the stored one.
 */
export class EmailSettingsService {
  constructor(
    private readonly database: Database,
    private readonly secrets: Secrets,
    private readonly outbound: OutboundPolicy = STRICT_OUTBOUND,
  ) {}

  async list(tenantId: number): Promise<EmailSettings[]> {
    const rows = await this.database.db
      .select()
      .from(emailSettings)
      .where(eq(emailSettings.tenantId, tenantId))
      .orderBy(desc(emailSettings.isDefault), emailSettings.id);
    const used = await this.database.db
      .select({ id: ticketProfiles.emailSettingsId, name: ticketProfiles.name })
      .from(ticketProfiles)
      .where(and(eq(ticketProfiles.tenantId, tenantId), isNotNull(ticketProfiles.emailSettingsId)))
      .orderBy(ticketProfiles.name);
    return rows.map((r) => ({
      ...toSettings(r),
      TicketProfiles: used.filter((u) => u.id === r.id).map((u) => u.name),
    }));
  }

  async getDefault(tenantId: number): Promise<EmailSettings | null> {
    return (await this.list(tenantId)).find((s) => s.IsDefault) ?? null;
  }

  private async row(tenantId: number, id: number): Promise<Row> {
    const [row] = await this.database.db
      .select()
      .from(emailSettings)
      .where(and(eq(emailSettings.tenantId, tenantId), eq(emailSettings.id, id)));
    if (!row) throw notFound();
    return row;
  }

  /** The settings to use: the input, with the stored password when an existing row is updated without one. */
  private async resolve(tenantId: number, input: EmailSettingsInput): Promise<SmtpSettings> {
    let password = input.Password ?? null;
    if (input.Id !== undefined) {
      const row = await this.row(tenantId, input.Id);
      if (input.Password === undefined && row.passwordSecret) {
        password = this.secrets.open(row.passwordSecret, smtpPasswordContext(tenantId, row.id));
        if (password === null) {
          throw badRequest('The stored password cannot be read any more; enter the password again.', 'Password');
        }
      }
    }
    const userName = input.UserName?.trim() || null;
    return {
      host: input.Host,
      port: input.Port,
      secure: input.Secure,
      userName,
      password: userName ? password : null,
      fromAddress: input.FromAddress,
      fromName: input.FromName?.trim() || null,
    };
  }

  /** Connects, authenticates and sends a test message; a failure is a 400 in the server's words. */
  private async tryOut(tenantId: number, s: SmtpSettings, recipient: string): Promise<EmailSettingsTestResult> {
    const [tenant] = await this.database.db
      .select({ name: tenants.name })
      .from(tenants)
      .where(eq(tenants.id, tenantId));
    let transport: Awaited<ReturnType<typeof smtpTransport>>;
    try {
      transport = await smtpTransport(s, this.outbound);
    } catch (err) {
      // A private or local server is refused before any connection: nothing is tried or saved.
      if (err instanceof OutboundRefused) throw badRequest(err.message, 'Host');
      throw badRequest(smtpTestFailed(`the host name could not be resolved (${(err as Error).message}).`));
    }
    try {
      await transport.verify();
      await transport.sendMail({
        from: fromHeader(s),
        to: recipient,
        subject: 'Vigil SMTP test',
        text: `This test message was sent through ${s.host}:${s.port} for ${tenant?.name ?? 'your tenant'}.\n\nVigil will send its e-mail for this tenant through this server.`,
      });
    } catch (err) {
      throw badRequest(smtpTestFailed(smtpError(err)));
    } finally {
      transport.close();
    }
    return { Recipient: recipient, Message: `A test message was sent to ${recipient}.` };
  }

  async test(tenantId: number, input: EmailSettingsInput, recipient: string): Promise<EmailSettingsTestResult> {
    return this.tryOut(tenantId, await this.resolve(tenantId, input), recipient);
  }

  /** Tests, then creates or updates; the default setting is unique per tenant. */
  async save(tenantId: number, input: EmailSettingsInput, recipient: string): Promise<EmailSettings> {
    const s = await this.resolve(tenantId, input);
    await this.tryOut(tenantId, s, recipient);
    const savedId = await this.database.db.transaction(async (tx) => {
      const values = {
        host: s.host,
        port: s.port,
        secure: s.secure,
        userName: s.userName,
        fromAddress: s.fromAddress,
        fromName: s.fromName,
        isDefault: input.IsDefault,
        updatedAt: new Date(),
      };
      let id: number;
      if (input.Id !== undefined) {
        const [row] = await tx
          .update(emailSettings)
          .set(values)
          .where(and(eq(emailSettings.tenantId, tenantId), eq(emailSettings.id, input.Id)))
          .returning({ id: emailSettings.id });
        if (!row) throw notFound();
        id = row.id;
      } else {
        const [row] = await tx
          .insert(emailSettings)
          .values({ tenantId, ...values })
          .returning({ id: emailSettings.id });
        id = row.id;
      }
      // The password is sealed with its row id, so it is written once the id is known.
      const passwordSecret = s.password ? this.secrets.seal(s.password, smtpPasswordContext(tenantId, id)) : null;
      const [row] = await tx.update(emailSettings).set({ passwordSecret }).where(eq(emailSettings.id, id)).returning();
      if (input.IsDefault) {
        await tx
          .update(emailSettings)
          .set({ isDefault: false, updatedAt: new Date() })
          .where(
            and(eq(emailSettings.tenantId, tenantId), ne(emailSettings.id, id), eq(emailSettings.isDefault, true)),
          );
      }
      return row.id;
    });
    // Read back as the list shows it, with the ticket profiles that use it.
    const saved = (await this.list(tenantId)).find((x) => x.Id === savedId);
    if (!saved) throw notFound();
    return saved;
  }

  /**
   * Deletes one setting. Nothing else becomes the default: without one, the tenant's mail goes out
   * through the system mail server. A setting chosen by ticket profiles is refused, naming them, so a
   * profile never changes server without someone choosing it.
   */
  async remove(tenantId: number, id: number): Promise<{ Id: number }> {
    return this.database.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ id: emailSettings.id })
        .from(emailSettings)
        .where(and(eq(emailSettings.tenantId, tenantId), eq(emailSettings.id, id)))
        .for('update');
      if (!found) throw notFound();
      const profiles = await tx
        .select({ name: ticketProfiles.name })
        .from(ticketProfiles)
        .where(and(eq(ticketProfiles.tenantId, tenantId), eq(ticketProfiles.emailSettingsId, id)))
        .orderBy(ticketProfiles.name);
      if (profiles.length) {
        const names = profiles.map((p) => `"${p.name}"`).join(', ');
        throw badRequest(
          `This SMTP server is used by the ticket ${profiles.length === 1 ? 'profile' : 'profiles'} ${names}; choose another server there first.`,
        );
      }
      await tx.delete(emailSettings).where(and(eq(emailSettings.tenantId, tenantId), eq(emailSettings.id, id)));
      return { Id: id };
    });
  }

  async alerts(tenantId: number): Promise<EmailAlertSettings> {
    const [row] = await this.database.db
      .select()
      .from(emailAlertSettings)
      .where(eq(emailAlertSettings.tenantId, tenantId));
    // A stored document from an older shape still reads: unknown keys drop, missing ones default.
    const parsed = EmailAlertSettings.safeParse(row?.settings ?? {});
    return parsed.success ? parsed.data : EmailAlertSettings.parse({});
  }

  async saveAlerts(tenantId: number, settings: EmailAlertSettings): Promise<EmailAlertSettings> {
    const doc = { ...settings, Recipients: [...new Set(settings.Recipients.map((r) => r.toLowerCase()))] };
    await this.database.db
      .insert(emailAlertSettings)
      .values({ tenantId, settings: doc })
      .onConflictDoUpdate({ target: emailAlertSettings.tenantId, set: { settings: doc, updatedAt: new Date() } });
    return doc;
  }
}

export { smtpTestFailed } from './smtp-settings-row.ts';
