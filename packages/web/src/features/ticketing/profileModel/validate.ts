// The checks of a ticket profile before saving (features §5.1).
import { BOARD_REQUIRED_TYPES, HELPDESK_TYPES, PROFILE_MESSAGES } from '@vigil/contract';
import type { ProfileField, ProfileFormValues } from './values';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isValidEmail = (v: string) => EMAIL.test(v.trim());

/** Features §5.1, field by field; the messages name the field by its label. */
export function validateProfile(
  v: ProfileFormValues,
  crmType: number,
  labels: Partial<Record<ProfileField, string>> = {},
  opts: { hasWebhookSecret?: boolean } = {},
): Partial<Record<ProfileField, string>> {
  const e: Partial<Record<ProfileField, string>> = {};
  const required = (f: ProfileField, label: string) => {
    const value = v[f];
    if (typeof value === 'string' && !value.trim()) e[f] = `${labels[f] ?? label} is required`;
  };
  required('Name', 'Ticket Profile name');
  if (!v.GroupBy) e.GroupBy = `${labels.GroupBy ?? 'Group Backups by'} is required`;
  if (v.Type === 'Email') {
    if (!v.Recipients.length) e.Recipients = 'Add at least one recipient';
    const bad = v.Recipients.find((r) => !isValidEmail(r));
    if (bad !== undefined) e.Recipients = PROFILE_MESSAGES.invalidEmail(bad);
  } else if (v.Type === 'Webhook') {
    if (!/^https?:\/\/\S+$/i.test(v.WebhookUrl.trim())) e.WebhookUrl = 'Enter a URL starting with http:// or https://';
    // The secret signs every request; an existing profile keeps its stored one when left blank.
    if (!opts.hasWebhookSecret && !v.WebhookSecret.trim()) e.WebhookSecret = 'Signing secret is required';
  } else {
    required('CatchAllCompany', 'Catch-all company');
    required('NewTicketStatusId', 'New ticket status');
    required('ClosedTicketStatusId', 'Closed ticket status');
    if ((BOARD_REQUIRED_TYPES as readonly number[]).includes(crmType)) {
      required('DefaultCrmBoard', 'Board');
      required('TicketPriority', 'Priority');
    }
    if ((HELPDESK_TYPES as readonly number[]).includes(crmType)) required('TicketTypeId', 'Ticket type');
  }
  return e;
}
