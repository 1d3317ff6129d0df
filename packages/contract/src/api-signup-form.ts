// Sign-up (`api/signup`): messages, the form, e-mail confirmation and unsubscribe answers.
import { z } from 'zod';
import { MailTypes } from './api-coupon-types.ts';

export { SignupMessages } from './signup-messages.ts';

/**
 * The sign-up form. Shapes only: the rules and their messages (features §5.4) are checked by
 * the server, which answers every problem at once in Errors.
 */
export const SignupRequest = z.object({
  CompanyName: z.string().max(200),
  FirstName: z.string().max(100),
  LastName: z.string().max(100),
  Email: z.string().max(320),
  Password: z.string().max(200),
  ConfirmPassword: z.string().max(200),
  PlanHandle: z.string().max(100).nullish(),
  Coupon: z.string().max(64).nullish(),
  Reseller: z.string().max(64).nullish(),
  TimeZoneId: z.string().max(64).nullish(),
});
export type SignupRequest = z.infer<typeof SignupRequest>;

export const SignupResponse = z.object({ Message: z.string(), Email: z.string() });
export type SignupResponse = z.infer<typeof SignupResponse>;

export const TokenBody = z.object({ Token: z.string().min(1).max(512) });
export const EmailBody = z.object({ Email: z.string().max(320) });

export const ConfirmEmailResponse = z.object({ Message: z.string(), Email: z.string() });
export type ConfirmEmailResponse = z.infer<typeof ConfirmEmailResponse>;

export const UnsubscribeResponse = z.object({ Message: z.string(), Email: z.string(), Type: z.enum(MailTypes) });
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;
