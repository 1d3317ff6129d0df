// Tenant SMTP settings (`api/email-settings`): read, save, test and delete.
import { z } from 'zod';

/** Tenant SMTP settings (`api/email-settings`): used for the tenant's outbound mail when set. */
export const EmailSettings = z.object({
  Id: z.number().int(),
  Host: z.string(),
  Port: z.number().int(),
  Secure: z.boolean(),
  UserName: z.string().nullable(),
  /** Never returned; true when a password is stored. */
  HasPassword: z.boolean(),
  FromAddress: z.string(),
  FromName: z.string().nullable(),
  IsDefault: z.boolean(),
  UpdatedAt: z.string(),
  /** Names of the ticket profiles that send through this setting (in reads; such a setting cannot be deleted). */
  TicketProfiles: z.array(z.string()).optional(),
});
export type EmailSettings = z.infer<typeof EmailSettings>;

export const EmailSettingsInput = z.object({
  Id: z.number().int().positive().optional(),
  Host: z.string().trim().min(1, 'Host is required').max(253),
  Port: z.number().int().min(1).max(65535),
  Secure: z.boolean().default(false),
  UserName: z.string().trim().max(254).nullable().optional(),
  /** Omitted on update to keep the stored one. */
  Password: z.string().max(500).optional(),
  FromAddress: z.string().trim().email('Invalid email address'),
  FromName: z.string().trim().max(100).nullable().optional(),
  IsDefault: z.boolean().default(true),
});
export type EmailSettingsInput = z.infer<typeof EmailSettingsInput>;

/** `POST api/email-settings/test`: the settings to try and where to send the test message. */
export const EmailSettingsTestInput = EmailSettingsInput.extend({
  TestRecipient: z.string().trim().email('Invalid email address'),
});

/**
 * `POST api/email-settings`: the settings are tested before they are saved; the test message goes
 * to TestRecipient, or to the caller's own address when it is omitted.
 */
export const EmailSettingsSaveInput = EmailSettingsInput.extend({
  TestRecipient: z.string().trim().email('Invalid email address').optional(),
});
export type EmailSettingsSaveInput = z.infer<typeof EmailSettingsSaveInput>;

/** The answer of a successful SMTP test; a failed one answers 400 with the server's error. */
export const EmailSettingsTestResult = z.object({ Recipient: z.string(), Message: z.string() });
export type EmailSettingsTestResult = z.infer<typeof EmailSettingsTestResult>;

export const EmailSettingsDeleteQuery = z.object({ id: z.coerce.number().int().positive() });
export const EmailSettingsDeleted = z.object({ Id: z.number().int() });
