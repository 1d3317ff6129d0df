import type { Deps } from '../../deps.ts';
import { passwordResets } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { hashToken, newOpaqueToken } from '../../platform/auth/tokens.ts';
import { escapeHtml } from '../users/service.ts';

/** An invitation link stays good for a week; a lost one is replaced by "Forgot password". */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The set-password link of a new account, on the same reset tokens as "Forgot password"
 * (`/page/setPassword/{token}`), written inside the caller's transaction.
 */
export async function createInviteToken(tx: Pick<Db, 'insert'>, userId: number): Promise<string> {
  const token = newOpaqueToken();
  await tx
    .insert(passwordResets)
    .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + INVITE_TTL_MS) });
  return token;
}

export async function sendInvite(
  deps: Deps,
  to: { email: string; firstName: string; tenantId: number | null },
  token: string,
  where: string,
): Promise<void> {
  const link = `${deps.config.publicUrl}/page/setPassword/${token}`;
  const hello = to.firstName || to.email;
  await deps.mailer.send({
    tenantId: to.tenantId,
    to: to.email,
    subject: 'Your Vigil account is ready',
    text: `Hello ${hello},\n\nAn account has been created for you in ${where}.\nOpen this link within seven days to choose your password:\n${link}\n\nYou sign in with this e-mail address.`,
    html: `<p>Hello ${escapeHtml(hello)},</p><p>An account has been created for you in ${escapeHtml(where)}.</p><p><a href="${link}">Choose your password</a> within seven days. You sign in with this e-mail address.</p>`,
  });
}
