/** What the sign-in page says when a sign-in through the organisation's provider came back refused
 * (/signin?oidc_error=<code>, set by the API's callback; README "Single sign-on"). */
export const OIDC_ERRORS: Record<string, string> = {
  state: 'That sign-in took too long or was started in another window. Please try again.',
  denied: "The sign-in was cancelled at your organisation's sign-in page.",
  code: 'That sign-in could not be completed. Please try again.',
  token: "The answer from your organisation's sign-in could not be verified, so you were not signed in. Please try again, or ask an administrator.",
  unavailable: "Your organisation's sign-in service cannot be reached right now. Please try again in a few minutes.",
  no_account: 'There is no CRM account for you yet. Ask an administrator to create one.',
  pending: 'Your CRM account has been created and is waiting for an administrator to activate it.',
  inactive: 'Your CRM account is deactivated. Ask an administrator if you need access.',
  ambiguous: 'More than one CRM account has your e-mail address. Ask an administrator to sort this out.',
  already_linked: 'The CRM account with your e-mail address is already linked to another person. Ask an administrator.',
  unknown_provider: 'This sign-in option is not available.',
  busy: 'Too many sign-ins were started from here. Please wait a few minutes and try again.',
};
export const OIDC_FAILED = 'The sign-in could not be completed. Please try again.';

/** The message of a refusal code; null without one. */
export function oidcErrorMessage(code: string | null): string | null {
  if (!code) return null;
  return Object.hasOwn(OIDC_ERRORS, code) ? OIDC_ERRORS[code] : OIDC_FAILED;
}
