/** User-facing messages the spec fixes word for word (platform §8, features §5 and §8). */
export const Messages = {
  somethingWrong: 'Something went Wrong',
  forbidden: "You don't have a permission.",
  badRequest: 'Bad Request',
  sessionExpired: 'Your session has expired. Please log back in.',
  notAuthorized: 'Not authorized',
  offline: 'You are offline! Please check internet connection!',
  online: 'You are online!',
  endImpersonation: 'End impersonation mode',
  tenantIdCopied: 'Tenant Id Successfully copied',
  popupClosed: 'User cancelled the flow.',
  popupFailedToOpen:
    'Error opening popup window. This can happen if you are using IE or if popups are blocked in the browser.',
  popupBlocked: 'Popup Blocker is enabled! Please add this site to your exception list.',
  closeWindowConfirm: 'Are you sure, that you want to close the window?',
  noOpenedWindows: 'No opened windows',
  successfullyUpdated: 'Successfully updated',
  passwordRule:
    'Password must be at least 8 characters long. Password must contain a combination of uppercase letters, lowercase letters, numbers, and non-alphanumeric characters.',
  passwordsMustMatch: 'Passwords must match',
  passwordSameAsOld: 'New password cannot be the same as the old password',
  invalidEmail: 'Invalid email address',
  requiredField: 'This is a required field',
  noItems: 'No Items',
  confirmDefault: 'Are you sure:',
  confirmDelete: 'Are you sure you want to delete:',
} as const;

/** Server-side messages the spec leaves open; chosen here and listed in docs/decisions.md. */
export const ServerMessages = {
  invalidCredentials: 'The e-mail address or password is incorrect.',
  accountDisabled: 'This account is disabled.',
  /** Sign-in of a user whose tenant the platform team disabled. */
  tenantDisabled: "Your organization's Vigil account is disabled. Contact Vigil support to have it enabled again.",
  /** A tenant cannot switch itself off: only the platform team disables a tenant. */
  tenantSelfDisable: 'Only the Vigil team can disable an account. To close yours, request its deletion instead.',
  tooManyAttempts: 'Too many sign-in attempts. Try again in a few minutes.',
  mfaRequired: 'Enter the code from your authenticator app.',
  sessionExpiredMfa: 'The sign-in took too long. Enter your password again.',
  invalidMfaCode: 'The verification code is not valid.',
  invalidRefreshToken: 'The refresh token is not valid.',
  resetLinkInvalid: 'This password reset link is not valid or has expired.',
  resetEmailSent: 'If that address belongs to an account, a reset link is on its way.',
  oldPasswordWrong: 'The current password is not correct.',
  notFound: 'Not found',
  bodyTooLarge: 'The request body is too large.',
  invalidJson: 'The request body is not valid JSON.',
} as const;
