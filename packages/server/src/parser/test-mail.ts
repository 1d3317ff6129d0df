// A parsed e-mail for parser tests: what the test names, and empty defaults for the rest.
import type { MailMessage } from './types.ts';

export function testMail(fields: Partial<MailMessage> & Pick<MailMessage, 'subject'>): MailMessage {
  return {
    messageId: '<test@example.com>',
    from: 'backup@srv01.example.com',
    fromName: '',
    to: ['demo@inbound.localhost'],
    date: null,
    text: '',
    html: null,
    attachments: [],
    headers: {},
    ...fields,
  };
}
