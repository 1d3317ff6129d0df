// Outbound mail's message shape and SMTP transports for tenant settings.
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailType } from '@vigil/contract';
import { resolveOutbound, type OutboundPolicy, type OutboundTarget } from './outbound.ts';

export interface OutgoingMail {
  tenantId?: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
  /** A tenant's SMTP settings row to send through instead of its default one. */
  emailSettingsId?: number | null;
  /**
   * The kind of system mail, for those that can be unsubscribed from: addresses that did are
   * left out, and a message to one address carries its unsubscribe link.
   */
  type?: MailType;
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

/**
 * A transport for tenant SMTP settings, connected to the address the outbound guard checked (TLS
 * still verifies the host name); short timeouts so a dead server answers within seconds. Throws
 * OutboundRefused for a private or local server, and the resolver's error for an unknown host.
 */
export async function smtpTransport(s: SmtpSettings, outbound: OutboundPolicy): Promise<Transporter> {
  return smtpTransportTo(s, await resolveOutbound(s.host, outbound));
}

export function smtpTransportTo(s: SmtpSettings, target: OutboundTarget): Transporter {
  return nodemailer.createTransport({
    host: target.address,
    port: s.port,
    secure: s.secure,
    tls: target.servername ? { servername: target.servername } : undefined,
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

export interface TenantTransport {
  stamp: number;
  settings: SmtpSettings;
  /** Built on first use for the address the host resolved to, and rebuilt when that changes. */
  transport: Transporter | null;
  address: string | null;
  from: string;
  name: string;
  error: string | null;
}
