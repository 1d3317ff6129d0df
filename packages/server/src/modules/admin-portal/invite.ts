import type { Deps } from '../../deps.ts';
import { setPasswordUrl } from '../../platform/auth/set-password-links.ts';
import { escapeHtml } from '../users/service.ts';

export async function sendInvite(
  deps: Deps,
  to: { email: string; firstName: string; tenantId: number | null },
  token: string,
  where: string,
): Promise<void> {
  const link = setPasswordUrl(deps.config.publicUrl, token);
  const hello = to.firstName || to.email;
  await deps.mailer.send({
    tenantId: to.tenantId,
    to: to.email,
    subject: 'Your Vigil account is ready',
    text: `Hello ${hello},\n\nAn account has been created for you in ${where}.\nOpen this link within seven days to choose your password:\n${link}\n\nYou sign in with this e-mail address.`,
    html: `<p>Hello ${escapeHtml(hello)},</p><p>An account has been created for you in ${escapeHtml(where)}.</p><p><a href="${link}">Choose your password</a> within seven days. You sign in with this e-mail address.</p>`,
  });
}
