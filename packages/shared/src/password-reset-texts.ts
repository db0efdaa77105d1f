import { BRAND_NAME } from './constants.js';
import { LIMITS } from './limits.js';

/** "Forgot password?" (ADR 0023): what the pages and the email say. */
export const PASSWORD_RESET = {
  link: 'Forgot password?',
  requested: `If that email belongs to a staff account, a link to choose a new password is on its way. It works once, within ${LIMITS.passwordReset.linkMinutes} minutes.`,
  invalidLink: 'This link to reset your password is invalid or has expired. Please ask for a new one.',
  done: 'Your password has been changed. Please sign in with it.',
  emailSubject: `Choose a new password for ${BRAND_NAME.en}`,
} as const;
