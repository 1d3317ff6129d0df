import { eq } from 'drizzle-orm';
import {
  RECOVERY_CODE_COUNT,
  RecoveryCodeMessages,
  RecoveryCodesIssued,
  RecoveryCodesRegenerate,
  RecoveryCodesStatus,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { users } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { requestMeta, typed, type App } from '../../platform/http.ts';
import { checkCurrentPassword } from './current-password.ts';
import { recordLogin } from './activity.ts';
import { issueRecoveryCodes, recoveryCodesLeft } from './recovery-codes.ts';

const tags = ['Users'];

/** The signed-in user's two-factor recovery codes: how many are left, and a new set behind the password. */
export function recoveryCodeRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const db = deps.database.db;
  const userOf = async (id: number) => {
    const [u] = await db.select().from(users).where(eq(users.id, id));
    if (!u) throw notFound();
    return u;
  };

  r.get('/api/user/mfa/recovery-codes', { schema: { tags, response: { 200: RecoveryCodesStatus } } }, async (req) => {
    const u = await userOf(req.auth.userId);
    const left = u.mfaEnabled ? await recoveryCodesLeft(deps.database, u.id) : 0;
    return { Enabled: u.mfaEnabled, Left: left, Total: RECOVERY_CODE_COUNT };
  });

  r.post(
    '/api/user/mfa/recovery-codes/regenerate',
    { schema: { tags, body: RecoveryCodesRegenerate, response: { 200: RecoveryCodesIssued } } },
    async (req) => {
      const u = await userOf(req.auth.userId);
      if (!u.mfaEnabled) throw badRequest(RecoveryCodeMessages.notEnabled);
      const meta = requestMeta(req);
      await checkCurrentPassword(deps.database, u, req.body.Password, meta, 'new recovery codes', 'Password');
      const codes = await db.transaction((tx) => issueRecoveryCodes(tx, u.id));
      await recordLogin(
        deps.database,
        { userId: u.id, tenantId: u.tenantId, userName: u.email, success: true, reason: 'new recovery codes issued' },
        meta,
      );
      return { RecoveryCodes: codes, Left: codes.length, Total: RECOVERY_CODE_COUNT };
    },
  );
}
