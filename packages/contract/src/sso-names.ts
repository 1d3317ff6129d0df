// Plain constants of sign-in with an outside provider, with no schema, so the sign-in page can
// name the providers and open the popup without loading zod.

/** The outside identity providers a user may sign in with (OpenID Connect). */
export const SSO_PROVIDERS = ['microsoft', 'google'] as const;

export const SSO_PROVIDER_NAMES: Record<(typeof SSO_PROVIDERS)[number], string> = {
  microsoft: 'Microsoft',
  google: 'Google',
};

/** Platform §9: the sign-in popup is 700x500 and is checked for closing every 500 ms. */
export const SSO_POPUP = { width: 700, height: 500, pollMs: 500 } as const;

/** The type of the message the sign-in popup posts to the window that opened it. */
export const SSO_MESSAGE_TYPE = 'vigil-sso-result';
