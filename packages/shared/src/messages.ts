/**
 * Every message the product must show word for word (docs/product.md#messages). Both apps import
 * these; messages.test.ts pins each required text, so a typo cannot slip in.
 */

export const VALIDATION = {
  surnameLength: 'Surname must be between 3 and 31 characters long.',
  givenNameLength: 'Given name must be between 3 and 31 characters long.',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
  emailTaken: 'User email already exists. Please try another email.',
  passportTaken: 'User passport already exists. Please try another passport.',
  imageTooLargeAdd: 'File size exceeds the limit of 10 MB.',
  namesLengthEdit: 'Surname and Given name must be between 3 and 31 characters long.',
  imageTypeEdit: 'Invalid file type. Only JPEG, JPG, and PNG are allowed.',
  imageTooLargeEdit: 'File size exceeds the limit of 2MB.',
  allFieldsRequired: 'All fields are required',
  invalidId: 'Invalid ID format',
  enquiryNoMatch: 'No valid application found. Please check your input.',
} as const;

/** 'Please enter a valid {thing}.' for the fields that must not be empty (docs/product.md#application-form, rule 5). */
export const pleaseEnterValid = (thing: string) => `Please enter a valid ${thing}.`;

export const documentInvalidType = (file: string, type: string) => `Invalid file type: ${file} (${type}). Allowed types are JPEG and PNG.`;
export const documentTooLarge = (file: string) => `File too large: ${file}. Maximum allowed size is 7 MB.`;

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

/** The office's contact details in Settings (docs/product.md#office-contact, ADR 0025). */
export const OFFICE_CONTACT = {
  addressTooLong: 'The address can be at most 300 characters long.',
  hoursTooLong: 'The opening hours can be at most 200 characters long.',
  mapUrl: 'The map link must be a full web address starting with https://.',
  mapUrlTooLong: 'The map link can be at most 500 characters long.',
  saved: 'Office contact saved.',
} as const;

export const ADD_STAFF_ACCOUNT = {
  exists: 'Error: User all ready exists. Please sign in.',
  noResponse: 'No response from server. Please try again.',
  error: 'An error occurred during registration. Please try again.',
} as const;

export const EDIT_STAFF_ACCOUNT = {
  failed: 'Failed to update user.',
  error: 'Error updating user. Please try again.',
} as const;

export const APPLICATION_LIST = {
  fetchFailed: 'Failed to fetch data from the server. Please try again later.',
  noResponse: 'No response from the server. Please check your connection.',
  unexpected: 'An unexpected error occurred. Please try again.',
  deleteFailed: 'Failed to delete application.',
  deleteError: 'Error deleting application. Please try again.',
  invalidId: 'Invalid ID format.',
  empty: 'No applications found.',
  /** Beside the pager when a search matched more than it counted (ADR 0028, ADR 0030): the count is a lower bound. */
  cappedTotal: (counted: number) => `${counted.toLocaleString('en')}+ applications match`,
} as const;

export const ADD_APPLICATION = {
  failedWithStatus: (status: number | string) => `Failed to add application. Server responded with status: ${status}`,
  error: 'Error adding application. Please try again.',
  fetchError: 'Error fetching applications. Please try again.',
} as const;

export const EDIT_APPLICATION = {
  failed: 'Failed to update application.',
  error: 'Error updating application. Please try again.',
} as const;

/**
 * Uploads of pictures and documents (ADR 0026): the progress bar's label, what a screen reader
 * hears as it fills (every 10 %), and what a dropped connection offers. Staff pages are English only.
 */
export const UPLOAD = {
  preparing: 'Preparing the picture…',
  progressLabel: 'Upload progress',
  progress: (percent: number) => `${percent} % uploaded`,
  saving: 'Uploaded. Saving…',
  connectionLost: 'The connection dropped before the upload finished. Your entries and files are kept: choose Retry to send them again.',
  retry: 'Retry',
} as const;

export const VIEW = {
  pendingFailed: 'Failed to pending application...',
  approveFailed: 'Failed to approve application...',
  rejectFailed: 'Failed to reject application...',
  /** 'Error ... {message}. Please try again.' — the dots stand for the action being taken. */
  actionError: (action: string, message: string) => `Error ${action} ${message}. Please try again.`,
  loadError: 'Error loading application data. Please try again.',
} as const;

export const PROFILE = {
  aborted: (message: string) => `Request was aborted: ${message}`,
} as const;

/** What a staff page says when a request failed and the server's answer carried no message of its own. */
export const FAILED = {
  generic: 'Something went wrong. Please try again.',
  loadAccount: 'Could not load your account. Please reload the page.',
  checkAccount: 'Could not check your account. Please reload the page.',
  signOutEverywhere: 'Could not sign out everywhere. Please try again.',
  loadSecuritySettings: 'Could not load the security settings.',
  saveSetting: 'Could not save the setting. Please try again.',
  loadSecondFactor: 'Could not load your two-step sign-in.',
  loadDevices: 'Could not load your devices.',
  loadOfficeContact: 'Could not load the office contact.',
  saveOfficeContact: 'Could not save the office contact. Please try again.',
  profileRefused: 'Failed to update profile.',
  profileError: 'An error occurred while updating the profile. Please try again.',
} as const;

export const VIEW_ONE = {
  noData: 'No application data found.',
} as const;

export const SLIDE = {
  notFound: 'Resource not found',
  unexpected: 'An unexpected error occurred',
} as const;

/** Server-side messages the earlier app had no words for; kept here so the forms can show them too. */
export const SERVER = {
  notFound: 'Not found',
  unauthorized: 'Please sign in to continue.',
  forbidden: 'You do not have permission to do this.',
  xsrf: 'Your session form token is missing or out of date. Please reload the page and try again.',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  payloadTooLarge: 'The request is too large.',
  unsupportedMediaType: 'This kind of request body is not accepted here.',
  badPath: 'This address is not valid.',
  internal: 'Something went wrong on our side. Please try again.',
  invalidInput: 'Some fields are not valid.',
  passwordsMustMatch: 'Password and confirm password must match.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  lastSuperadmin: 'The last super-admin cannot be removed.',
  emailTaken: 'A staff account with this email already exists.',
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

/** The staff-account API's answers to an action that needs no more than a sentence. */
export const ACCOUNT_ANSWERS = {
  signedOut: 'Signed out',
  signedOutEverywhere: 'Signed out everywhere',
  deleted: 'Deleted',
} as const;

/** Staff who signed in with an earlier app's password that breaks the password rule (docs/product.md#files-and-passwords-from-the-earlier-app). */
export const PASSWORD_CHANGE_REQUIRED = {
  refused: 'Please choose a new password before doing anything else.',
  title: 'Choose a new password',
  intro: 'Your password from the earlier app does not meet the password rule of this app. Please choose a new password to continue.',
} as const;
