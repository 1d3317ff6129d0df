// The SMTP server form's values: from stored settings, to the API's input, and their checks.
import type { EmailSettings, EmailSettingsInput } from '@vigil/contract';
import { ApiError } from '../../lib/errors';
import { isEmail as isAddress } from '../../lib/schedule';

export interface SmtpFormValues {
  Host: string;
  Port: string;
  Secure: boolean;
  UserName: string;
  Password: string;
  FromAddress: string;
  FromName: string;
  IsDefault: boolean;
}

export const formOf = (s: EmailSettings | null, isDefault: boolean): SmtpFormValues => ({
  Host: s?.Host ?? '',
  Port: String(s?.Port ?? 587),
  Secure: s?.Secure ?? false,
  UserName: s?.UserName ?? '',
  Password: '',
  FromAddress: s?.FromAddress ?? '',
  FromName: s?.FromName ?? '',
  IsDefault: s?.IsDefault ?? isDefault,
});

export type SmtpErrors = Partial<Record<keyof SmtpFormValues | 'TestRecipient', string>>;

/** The form as the API takes it; an empty password keeps the stored one. */
export function inputOf(form: SmtpFormValues, current: EmailSettings | null): EmailSettingsInput {
  return {
    ...(current ? { Id: current.Id } : {}),
    Host: form.Host.trim(),
    Port: Number(form.Port),
    Secure: form.Secure,
    UserName: form.UserName.trim() || null,
    ...(form.Password ? { Password: form.Password } : {}),
    FromAddress: form.FromAddress.trim(),
    FromName: form.FromName.trim() || null,
    IsDefault: form.IsDefault,
  };
}

export function localErrors(form: SmtpFormValues): SmtpErrors {
  const e: SmtpErrors = {};
  if (!form.Host.trim()) e.Host = 'Host is required';
  const port = Number(form.Port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) e.Port = 'Port must be between 1 and 65535';
  if (!isAddress(form.FromAddress.trim())) e.FromAddress = 'Invalid email address';
  return e;
}

export function serverErrors(err: unknown): SmtpErrors {
  return err instanceof ApiError ? (err.fieldErrors as SmtpErrors) : {};
}
