// Field messages of the ticket profile checks, and subject pattern errors as field errors.
import { parsePattern, type TicketGroupByValue } from '@vigil/contract';
import { HttpError } from '../../platform/errors.ts';
import { type FieldError } from './profile-fields.ts';

export const profileMessages = {
  nameTaken: (name: string) => `A ticket profile named "${name}" already exists.`,
  required: {
    CatchAllCompany: 'Catch-all company is required',
    NewTicketStatusId: 'New ticket status is required',
    ClosedTicketStatusId: 'Closed ticket status is required',
    DefaultCrmBoard: 'Board is required',
    TicketPriority: 'Priority is required',
    TicketTypeId: 'Ticket type is required',
    WebhookUrl: 'Webhook URL is required',
    WebhookSecret: 'Webhook secret is required',
  },
  noRecipients: 'At least one recipient is required',
  catchAllNotPsa: 'The catch-all company must be one of your PSA companies',
  emailSettingsUnknown: 'These e-mail settings do not exist',
  webhookNotUrl: 'Webhook URL is not a valid address',
  webhookNotHttps: 'Webhook URL must start with https://',
  inUse: (rules: number) =>
    `This ticket profile is used by ${rules} ${rules === 1 ? 'rule' : 'rules'}. Change or delete ${rules === 1 ? 'it' : 'them'} first.`,
} as const;

/** Blank text is null. */
export const blank = (v: string | null | undefined): string | null => {
  if (v === undefined || v === null) return null;
  const t = v.trim();
  return t.length ? t : null;
};

/** A pattern's errors as field errors; the offsets stay so the editor can underline them. */
export function patternErrors(field: string, pattern: string | null, groupBy: TicketGroupByValue): FieldError[] {
  if (pattern === null) return [];
  return parsePattern(pattern, groupBy).errors.map((e) => ({
    Field: field,
    Message: e.message,
    start: e.start,
    end: e.end,
    message: e.message,
  }));
}

export function fail(errors: FieldError[]): never {
  throw new HttpError(400, errors[0].Message, errors);
}
