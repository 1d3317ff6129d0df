// Messages of sign-up; plain text with no schema, so the sign-in page can show one without loading zod.
/** Messages of sign-up, confirmation and unsubscribe that the spec leaves open. */
export const SignupMessages = {
  emailTaken: 'An account with this e-mail address already exists.',
  emailFree: 'This e-mail address can be used.',
  couponUnknown: 'This coupon code does not exist.',
  couponExpired: 'This coupon has expired.',
  couponUsedUp: 'This coupon has been fully redeemed.',
  resellerUnknown: 'This referral link is not valid.',
  planUnknown: 'Choose one of the plans offered.',
  companyRequired: 'Company name is required',
  nameRequired: 'First and last name are required',
  confirmationSent: 'We sent a confirmation link to your e-mail address. Open it to activate your account.',
  resendSent: 'If that address has an account waiting for confirmation, a new link is on its way.',
  confirmLinkInvalid: 'This confirmation link is not valid, has expired or was already used.',
  confirmed: 'Your e-mail address is confirmed. You can sign in now.',
  emailNotConfirmed:
    'Confirm your e-mail address first: open the link we sent you when you signed up, or ask for a new one.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
} as const;
