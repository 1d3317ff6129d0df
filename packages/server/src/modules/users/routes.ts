import { z } from 'zod';
import {
  AuthorizedUser,
  ChangePassword,
  MfaDisable,
  MfaState,
  MfaUpdate,
  OkBody,
  Privilege,
  Profile,
  ProfileUpdate,
  ResetPasswordRequest,
  ServerMessages,
  SetPasswordRequest,
  ValidateTokenRequest,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { requestMeta, typed, type App } from '../../platform/http.ts';
import { flagsForTenant } from '../admin-portal/flags-service.ts';
import { UserService } from './service.ts';

const tags = ['Users'];

export function userRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const users = new UserService(deps);
  const pub = { access: { public: true }, rateLimit: { max: 10, timeWindow: '1 minute' } };

  r.get('/api/user/authorized', { schema: { tags, response: { 200: AuthorizedUser } } }, async (req) => {
    const a = req.auth;
    const flags = a.tenantId ? await flagsForTenant(deps.database, a.tenantId) : {};
    return {
      UserId: a.userId,
      UserName: a.claims.userName,
      Permissions: a.permissions,
      HasCompaniesRestrictions: a.isCompanyRestricted,
      HasAlertRadar: Boolean(flags.brAlertRadar),
      HasAuditBackups: (a.privileges & Privilege.tenantUsers) !== 0,
    };
  });

  r.get('/api/user/profile', { schema: { tags, response: { 200: Profile } } }, async (req) =>
    users.profile(req.auth.userId, req.auth.privileges),
  );

  r.post('/api/user/profile', { schema: { tags, body: ProfileUpdate, response: { 200: Profile } } }, async (req) => {
    await users.updateProfile(req.auth.userId, req.body.FirstName, req.body.LastName);
    return users.profile(req.auth.userId, req.auth.privileges);
  });

  r.post(
    '/api/user/change-password',
    { schema: { tags, body: ChangePassword, response: { 200: OkBody } } },
    async (req) => {
      await users.changePassword(
        { userId: req.auth.userId, sessionId: req.auth.claims.sessionId },
        { oldPassword: req.body.OldPassword, newPassword: req.body.NewPassword, confirm: req.body.ConfirmPassword },
        requestMeta(req),
      );
      return { Message: 'Password changed' };
    },
  );

  r.get('/api/user/mfa/get', { schema: { tags, response: { 200: MfaState } } }, async (req) =>
    users.mfaState(req.auth.userId),
  );
  r.post('/api/user/mfa/regenerate', { schema: { tags, response: { 200: MfaState } } }, async (req) =>
    users.regenerateMfa(req.auth.userId),
  );
  r.post('/api/user/mfa/update', { schema: { tags, body: MfaUpdate, response: { 200: MfaState } } }, async (req) =>
    users.enableMfa(req.auth.userId, req.body.Code),
  );
  r.delete('/api/user/mfa', { schema: { tags, body: MfaDisable, response: { 200: MfaState } } }, async (req) =>
    users.disableMfa(req.auth.userId, req.body.Password, requestMeta(req)),
  );

  r.post(
    '/api/user/reset-password',
    { config: pub, schema: { tags, body: ResetPasswordRequest, response: { 200: OkBody } } },
    async (req) => {
      await users.requestReset(req.body.Email);
      return { Message: ServerMessages.resetEmailSent };
    },
  );
  r.post(
    '/api/user/validate-token',
    {
      config: pub,
      schema: { tags, body: ValidateTokenRequest, response: { 200: z.object({ Valid: z.literal(true) }) } },
    },
    async (req) => {
      await users.validateReset(req.body.Token);
      return { Valid: true as const };
    },
  );
  r.post(
    '/api/user/set-password',
    { config: pub, schema: { tags, body: SetPasswordRequest, response: { 200: OkBody } } },
    async (req) => {
      await users.setPassword(req.body.Token, req.body.Password, req.body.ConfirmPassword);
      return { Message: 'Password set' };
    },
  );
}
