import { z } from 'zod';

export { SCALEPAD_NAME, SCALEPAD_PATHS } from './scalepad-names.ts';

/** `GET /api/scalepad/info`: whether sign-in through the parent platform is offered, and where it starts. */
export const ScalePadInfo = z.object({
  Enabled: z.boolean(),
  Name: z.string(),
  /** Opens the parent platform's sign-in (same origin as the app); null when off. */
  SignInUrl: z.string().nullable(),
  /** Starts a sign-up through the parent platform; null when off. */
  SignUpUrl: z.string().nullable(),
});
export type ScalePadInfo = z.infer<typeof ScalePadInfo>;

/** What the parent platform sent the browser back with. */
export const ScalePadReturn = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  iss: z.string().max(1000).optional(),
});
export type ScalePadReturn = z.infer<typeof ScalePadReturn>;

/** `POST /api/scalepad/signup`: the return from the parent platform and the new tenant's details. */
export const ScalePadSignupRequest = ScalePadReturn.extend({
  /** The organisation's name; the parent-platform account's name when left out. */
  CompanyName: z.string().trim().max(200).optional(),
  TimeZoneId: z.string().max(100).optional(),
});
export type ScalePadSignupRequest = z.infer<typeof ScalePadSignupRequest>;

export const ScalePadMessages = {
  /** Platform §8: a return from the parent platform without a code. */
  codeInvalid: 'Code in not valid',
  notLinked:
    'This ScalePad account is not linked to a Vigil account. Sign up with ScalePad, or ask your Vigil administrator to link it.',
  noAccount: 'ScalePad did not say which account you belong to. Start again.',
  alreadyLinked: 'This ScalePad account already has a Vigil account. Sign in with ScalePad instead.',
  unknownUser: (email: string) =>
    `No user of the linked Vigil account has the e-mail address ${email}. Ask an administrator of your organisation to add you.`,
} as const;
