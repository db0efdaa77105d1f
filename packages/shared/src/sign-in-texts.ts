/**
 * The texts of the sign-in pages (login, its second step, forgot and reset password) and the
 * session alerts they show, re-exported by ui-texts.ts: kept apart so the sign-in pages' light
 * script carries them without the rest of the UI texts (ADR 0050).
 */

export const LOGIN = {
  invalidCredentials: 'Invalid email or password.',
  failed: 'Login failed. Please check your credentials.',
  noResponse: 'No response from server. Please try again.',
  error: 'An error occurred during login. Please try again.',
  noToken: 'Login failed. No token received.',
  /** A sign-in refused for a moment only (its turn or the password check did not come in time), not a limit reached. */
  busy: 'Signing in is busy right now. Please try again in a moment.',
} as const;

/** Two-step sign-in with an authenticator app and recovery codes (ADR 0019). */
export const SECOND_FACTOR = {
  codeFormat: 'Enter the 6-digit code from your authenticator app.',
  recoveryCodeFormat: 'Enter one of your recovery codes, for example abcd-efgh-jkmn.',
  invalidCode: 'That code is not right. Enter the current 6-digit code from your authenticator app.',
  invalidRecoveryCode: 'That recovery code is not right or has already been used.',
  challengeEnded: 'This sign-in has expired or had too many wrong codes. Please sign in again.',
  wrongPassword: 'Your password is not right.',
  noSetupStarted: 'Start setting up two-step sign-in first.',
  notEnabled: 'Two-step sign-in is not on for this account.',
  requiredCannotDisable:
    'The office requires two-step sign-in for every staff account, so it cannot be turned off. You can set it up again with a new device.',
  passwordNeededToReplace: 'Enter your password to set up two-step sign-in with a new device.',
  secondStepIntro: 'Enter the 6-digit code from your authenticator app to finish signing in.',
  recoveryStepIntro: 'Enter one of the recovery codes you saved when you turned on two-step sign-in. Each works once.',
  enrolRequired: 'The office requires two-step sign-in for every staff account. Set it up now to finish signing in.',
  scanQr:
    'Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password), then enter the 6-digit code it shows.',
  manualEntry: 'Cannot scan? Enter this key in the app instead:',
  qrAlt: 'QR code for your authenticator app',
  useRecoveryCode: 'Use a recovery code instead',
  useAuthenticatorCode: 'Use a code from the app instead',
  storeRecoveryCodes:
    'Store these recovery codes now, somewhere safe such as a password manager. Each one signs you in once if you lose your device. They will not be shown again.',
  enabled: 'Two-step sign-in is on.',
  disabled: 'Two-step sign-in is off.',
  recoveryCodesReplaced: 'New recovery codes are ready. The old ones no longer work.',
  settingSaved: 'Security setting saved.',
  requireSetting: 'Require a second factor for every staff account',
  requireSettingHelp: 'Staff without two-step sign-in must set it up the next time they sign in. Nobody can turn it off while this is on.',
  codesLocked:
    'Too many wrong codes were entered for this account, so codes from the authenticator app no longer work. Use one of your recovery codes instead, or ask the office to reset your two-step sign-in.',
} as const;

/**
 * The rule for every password someone sets (docs/product.md#sign-in-and-accounts, ADR 0017): the
 * length is checked in the form and on the server; the list of common passwords and the email
 * name only on the server, which answers them as a 400 on the password field.
 */
export const PASSWORD = {
  tooShort: 'Password must be at least 12 characters long.',
  tooLong: 'Password must be at most 128 characters long.',
  common: 'This password is on a list of common or leaked passwords. Please choose a different one.',
  containsEmailName: 'The password must not contain the part of the email address before the @.',
  currentWrong: 'Your current password is not correct.',
} as const;

/**
 * Staff sessions (ADR 0018): the warning before the idle limit, and the login page's alert saying
 * why a session ended, one fixed sentence per reason code (`SessionEndReason`).
 */
export const SESSION = {
  idleWarningTitle: 'Are you still there?',
  idleWarning: 'You will be signed out in 1 minute because there has been no activity. Choose Stay signed in to keep working.',
  staySignedIn: 'Stay signed in',
  signOut: 'Sign out',
  endedIdle: 'You were signed out because there was no activity for a while. Please sign in again.',
  endedExpired: 'Your session has ended. Please sign in again.',
  endedElsewhere: 'You were signed out on another device or browser. Please sign in again.',
  endedAccount: 'Your account is no longer active.',
  signedOut: 'You have signed out.',
} as const;
