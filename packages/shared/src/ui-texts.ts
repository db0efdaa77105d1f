/**
 * The UI texts: every sentence the product must show on screen word for word
 * (docs/product.md#messages). Both apps import these; ui-texts.test.ts pins each required text, so
 * a typo cannot slip in.
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

// The sign-in pages' texts live apart, so those pages load them without the rest (ADR 0050).
export { LOGIN, PASSWORD, SECOND_FACTOR, SESSION } from './sign-in-texts.js';

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
  /** A dependency (the database, the file store) is away for a moment: 503 with Retry-After (ADR 0068). */
  unavailable: 'The service is briefly unavailable. Please try again in a few seconds.',
  /** The disk or the store has no room: 507. */
  storageFull: 'The server has no room to store this right now, so nothing was saved. Please try again later.',
  invalidInput: 'Some fields are not valid.',
  passwordsMustMatch: 'Password and confirm password must match.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  lastSuperadmin: 'The last super-admin cannot be removed.',
  emailTaken: 'A staff account with this email already exists.',
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
