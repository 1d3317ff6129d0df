import type { Deps } from '../../../deps.ts';
import { tenantFooterText, withFooter } from '../../branding/footer.ts';
import { DeliveryError, type DeliveredRef, type DeliveryItem } from './delivery-types.ts';

/**
 * E-mail tickets: the first message carries the subject and body; notes and the close follow
 * as "Re: {subject}" so mail clients thread them. Sent through the profile's SMTP settings.
 */
export async function deliverEmail(deps: Deps, item: DeliveryItem): Promise<DeliveredRef | void> {
  if (!item.profile) throw new DeliveryError('The ticket profile was deleted', false);
  const recipients = (Array.isArray(item.profile.settings.Recipients) ? item.profile.settings.Recipients : []).filter(
    (r): r is string => typeof r === 'string' && r.includes('@'),
  );
  if (!recipients.length) throw new DeliveryError('The ticket profile has no recipients', false);
  const subject =
    item.action === 'create' ? (item.payload.subject ?? item.ticket.subject) : `Re: ${item.ticket.subject}`;
  const body = item.action === 'close' ? `${item.payload.text}\n\nThis ticket is closed.` : item.payload.text;
  const text = withFooter(body, await tenantFooterText(deps.database, item.tenantId));
  const sent = await deps.mailer.send({
    tenantId: item.tenantId,
    to: recipients.join(', '),
    subject,
    text,
    emailSettingsId: item.profile.emailSettingsId,
  });
  if (sent.error) throw new DeliveryError(sent.error, true);
  if (item.action === 'create') return { externalId: null, externalNumber: null, externalUrl: null };
}
