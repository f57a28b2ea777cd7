/** Pages of the account area, shared by the router, the HTTP client and links. */
export const ACCOUNT_PAGES = {
  signIn: "/account/sign-in",
  register: "/account/register",
  verifyEmail: "/account/verify-email",
  forgotPassword: "/account/forgot-password",
  resetPassword: "/account/reset-password",
  /** Where an e-mailed sign-in link leads (`?token=…`, and `continue_url` when asked for). */
  signInLink: "/account/sign-in-link",
  settings: "/account/settings",
} as const;

/** Account pages that work without a session: a 401 there must not bounce to sign-in. */
export const SESSIONLESS_PAGES: readonly string[] = [
  ACCOUNT_PAGES.signIn,
  ACCOUNT_PAGES.register,
  ACCOUNT_PAGES.verifyEmail,
  ACCOUNT_PAGES.forgotPassword,
  ACCOUNT_PAGES.resetPassword,
  ACCOUNT_PAGES.signInLink,
];

/** The sign-in page that brings the user back to `continueUrl` afterwards. */
export function signInUrl(continueUrl: string): string {
  return `${ACCOUNT_PAGES.signIn}?continue_url=${encodeURIComponent(continueUrl)}`;
}
