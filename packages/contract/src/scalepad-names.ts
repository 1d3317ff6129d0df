// Names and paths of the parent-platform sign-in, kept free of schemas so the sign-in page can
// import them without the schema library.

/** The parent platform a tenant may be linked to (platform §2, §7: `api/scalepad`). */
export const SCALEPAD_NAME = 'ScalePad';

/** Where the browser comes back to from the parent platform (web routes of platform §2). */
export const SCALEPAD_PATHS = {
  /** The sign-up form that starts a sign-up through the parent platform. */
  signupForm: '/page/signup/scalePad',
  /** Back from the parent platform after a sign-up. */
  signupReturn: '/page/scalePad/signup',
  /** Back from the parent platform after a sign-in. */
  loginReturn: '/page/scalePad/login',
} as const;
