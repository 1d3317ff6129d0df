// Names and bodies of stored SMTP servers, and the notice shown when one cannot be deleted.
import type { EmailSettings, EmailSettingsInput } from '@vigil/contract';

export const serverName = (s: EmailSettings) => `${s.Host}:${s.Port}`;
export const quoted = (names: string[]) => names.map((n) => `"${n}"`).join(', ');

/** A stored setting as the API takes it back: the stored password stays. */
export const storedInput = (s: EmailSettings, patch: Partial<EmailSettingsInput>): EmailSettingsInput => ({
  Id: s.Id,
  Host: s.Host,
  Port: s.Port,
  Secure: s.Secure,
  UserName: s.UserName,
  FromAddress: s.FromAddress,
  FromName: s.FromName,
  IsDefault: s.IsDefault,
  ...patch,
});

export interface Blocked {
  title: string;
  message: string;
}
