import { z } from 'zod';
import {
  ConfirmEmailResponse,
  CouponCheck,
  EmailBody,
  EmailCheck,
  HandleCheck,
  isEmail,
  Messages,
  MailTypeLabels,
  OkBody,
  ResellerCheck,
  SignupMessages,
  SignupPlan,
  SignupRequest,
  SignupResponse,
  TokenBody,
  UnsubscribeResponse,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { unsubscribe, unsubscribeUrl, verifyUnsubscribe } from '../../platform/unsubscribe.ts';
import { adminSignupRoutes } from './admin-routes.ts';
import { checkCoupon } from './coupons.ts';
import { signingSecret } from './secret.ts';
import { confirmEmail, findReseller, listPlans, planByHandle, planOut, resendConfirmation, signUp } from './service.ts';
import { emailInUse } from './tenant-service.ts';

const tags = ['Signup'];
/** Public and unauthenticated: each address may look things up, but not endlessly. */
const lookups = { access: { public: true }, rateLimit: { max: 60, timeWindow: '1 minute' } };
const writes = { access: { public: true }, rateLimit: { max: 10, timeWindow: '1 minute' } };
const text = (max: number) => z.string().max(max).default('');

/** Sign-up, e-mail confirmation, unsubscribe, and the platform's coupons, resellers and tenant creation. */
export function signupRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const secret = () => signingSecret(deps);
  deps.mailer.unsubscribeLink = async (email, type) =>
    unsubscribeUrl(deps.config.publicUrl, await secret(), email, type);

  r.get(
    '/api/signup/get-plans',
    { config: lookups, schema: { tags, response: { 200: z.array(SignupPlan) } } },
    async () => listPlans(deps, false),
  );
  r.get(
    '/api/signup/get-plans-all',
    { config: lookups, schema: { tags, response: { 200: z.array(SignupPlan) } } },
    async () => listPlans(deps, true),
  );
  r.get(
    '/api/signup/check-coupon',
    { config: lookups, schema: { tags, querystring: z.object({ coupon: text(64) }), response: { 200: CouponCheck } } },
    async (req) => {
      if (!req.query.coupon.trim()) throw badRequest(SignupMessages.couponUnknown, 'coupon');
      return checkCoupon(deps.database.db, req.query.coupon);
    },
  );
  r.get(
    '/api/signup/check-user-email',
    { config: lookups, schema: { tags, querystring: z.object({ email: text(320) }), response: { 200: EmailCheck } } },
    async (req) => {
      if (!isEmail(req.query.email)) throw badRequest(Messages.invalidEmail, 'email');
      const taken = await emailInUse(deps.database.db, req.query.email);
      return { Available: !taken, Message: taken ? SignupMessages.emailTaken : SignupMessages.emailFree };
    },
  );
  r.get(
    '/api/signup/check-ref',
    {
      config: lookups,
      schema: { tags, querystring: z.object({ reseller: text(64) }), response: { 200: ResellerCheck } },
    },
    async (req) => {
      const found = req.query.reseller.trim() ? await findReseller(deps, req.query.reseller) : undefined;
      return found
        ? { Valid: true, Message: `Referred by ${found.name}`, Name: found.name }
        : { Valid: false, Message: SignupMessages.resellerUnknown, Name: null };
    },
  );
  r.get(
    '/api/signup/check-subscription-handle',
    { config: lookups, schema: { tags, querystring: z.object({ handle: text(100) }), response: { 200: HandleCheck } } },
    async (req) => {
      const plan = req.query.handle.trim() ? await planByHandle(deps, req.query.handle) : undefined;
      return plan
        ? { Valid: true, Message: plan.name, Plan: planOut(plan) }
        : { Valid: false, Message: SignupMessages.planUnknown, Plan: null };
    },
  );

  r.post(
    '/api/signup',
    { config: writes, schema: { tags, body: SignupRequest, response: { 200: SignupResponse } } },
    async (req) => {
      const { email } = await signUp(deps, req.body, false);
      registerInDirectory(deps, req.log);
      return { Message: SignupMessages.confirmationSent, Email: email };
    },
  );
  // The referral sign-up of `signup/{reseller}`: the same form, with Reseller required.
  r.post(
    '/api/signup/ref',
    { config: writes, schema: { tags, body: SignupRequest, response: { 200: SignupResponse } } },
    async (req) => {
      const { email } = await signUp(deps, req.body, true);
      registerInDirectory(deps, req.log);
      return { Message: SignupMessages.confirmationSent, Email: email };
    },
  );
  r.post(
    '/api/signup/confirm-email',
    { config: writes, schema: { tags, body: TokenBody, response: { 200: ConfirmEmailResponse } } },
    async (req) => {
      const { email } = await confirmEmail(deps, req.body.Token);
      return { Message: SignupMessages.confirmed, Email: email };
    },
  );
  r.post(
    '/api/signup/resend-confirmation',
    { config: writes, schema: { tags, body: EmailBody, response: { 200: OkBody } } },
    async (req) => {
      if (!isEmail(req.body.Email)) throw badRequest(Messages.invalidEmail, 'Email');
      await resendConfirmation(deps, req.body.Email);
      return { Message: SignupMessages.resendSent };
    },
  );

  r.put(
    '/api/unsubscribe',
    { config: writes, schema: { tags: ['Users'], body: TokenBody, response: { 200: UnsubscribeResponse } } },
    async (req) => {
      const v = verifyUnsubscribe(await secret(), req.body.Token);
      if (!v) throw badRequest(SignupMessages.unsubscribeInvalid, 'Token');
      await unsubscribe(deps.database, v.email, v.type);
      return {
        Message: `${v.email} will no longer receive ${MailTypeLabels[v.type]} from Vigil.`,
        Email: v.email,
        Type: v.type,
      };
    },
  );

  adminSignupRoutes(app, deps);
}

/** A new account reaches the regions' sign-in directory now rather than at the next minute's sync. */
function registerInDirectory(deps: Deps, log: { warn: (o: object, msg: string) => void }): void {
  deps.regions.sync().catch((err: unknown) => log.warn({ err }, 'region directory sync failed'));
}
