import { describe, expect, it } from 'vitest';
import { APPLICANT_FORM } from '@visa/test-support/forms';
import { APPLICANT_FILE_TEXTS } from './applicant-file.js';
import { ApplicationInputSchema, ApplicationUpdateSchema } from './applications.js';
import * as m from './ui-texts.js';

/**
 * The texts the product must show word for word (docs/product.md#messages), typed here a second
 * time on purpose: ui-texts.ts is the one place the apps take them from, and this list is what
 * it is checked against, so a typo or a "small improvement" to a required text fails a test.
 * Each group must hold exactly these keys and texts, nothing more.
 */
const REQUIRED = {
  VALIDATION: {
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
  },
  LOGIN: {
    invalidCredentials: 'Invalid email or password.',
    failed: 'Login failed. Please check your credentials.',
    noResponse: 'No response from server. Please try again.',
    error: 'An error occurred during login. Please try again.',
    noToken: 'Login failed. No token received.',
    busy: 'Signing in is busy right now. Please try again in a moment.',
  },
  SECOND_FACTOR: {
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
    requireSettingHelp:
      'Staff without two-step sign-in must set it up the next time they sign in. Nobody can turn it off while this is on.',
    codesLocked:
      'Too many wrong codes were entered for this account, so codes from the authenticator app no longer work. Use one of your recovery codes instead, or ask the office to reset your two-step sign-in.',
  },
  PASSWORD: {
    tooShort: 'Password must be at least 12 characters long.',
    tooLong: 'Password must be at most 128 characters long.',
    common: 'This password is on a list of common or leaked passwords. Please choose a different one.',
    containsEmailName: 'The password must not contain the part of the email address before the @.',
    currentWrong: 'Your current password is not correct.',
  },
  SESSION: {
    idleWarningTitle: 'Are you still there?',
    idleWarning: 'You will be signed out in 1 minute because there has been no activity. Choose Stay signed in to keep working.',
    staySignedIn: 'Stay signed in',
    signOut: 'Sign out',
    endedIdle: 'You were signed out because there was no activity for a while. Please sign in again.',
    endedExpired: 'Your session has ended. Please sign in again.',
    endedElsewhere: 'You were signed out on another device or browser. Please sign in again.',
    endedAccount: 'Your account is no longer active.',
    signedOut: 'You have signed out.',
  },
  OFFICE_CONTACT: {
    addressTooLong: 'The address can be at most 300 characters long.',
    hoursTooLong: 'The opening hours can be at most 200 characters long.',
    mapUrl: 'The map link must be a full web address starting with https://.',
    mapUrlTooLong: 'The map link can be at most 500 characters long.',
    saved: 'Office contact saved.',
  },
  ADD_STAFF_ACCOUNT: {
    exists: 'Error: User all ready exists. Please sign in.',
    noResponse: 'No response from server. Please try again.',
    error: 'An error occurred during registration. Please try again.',
  },
  EDIT_STAFF_ACCOUNT: {
    failed: 'Failed to update user.',
    error: 'Error updating user. Please try again.',
  },
  EDIT_APPLICATION: {
    failed: 'Failed to update application.',
    error: 'Error updating application. Please try again.',
  },
  VIEW_ONE: {
    noData: 'No application data found.',
  },
  SLIDE: {
    notFound: 'Resource not found',
    unexpected: 'An unexpected error occurred',
  },
} as const;

/** Groups that also hold a message with a blank to fill: their fixed texts, then each template filled. */
const REQUIRED_WITH_TEMPLATES = {
  APPLICATION_LIST: {
    fetchFailed: 'Failed to fetch data from the server. Please try again later.',
    noResponse: 'No response from the server. Please check your connection.',
    unexpected: 'An unexpected error occurred. Please try again.',
    deleteFailed: 'Failed to delete application.',
    deleteError: 'Error deleting application. Please try again.',
    invalidId: 'Invalid ID format.',
    empty: 'No applications found.',
  },
  ADD_APPLICATION: {
    error: 'Error adding application. Please try again.',
    fetchError: 'Error fetching applications. Please try again.',
  },
  VIEW: {
    pendingFailed: 'Failed to pending application...',
    approveFailed: 'Failed to approve application...',
    rejectFailed: 'Failed to reject application...',
    loadError: 'Error loading application data. Please try again.',
  },
  PROFILE: {},
  UPLOAD: {
    preparing: 'Preparing the picture…',
    progressLabel: 'Upload progress',
    saving: 'Uploaded. Saving…',
    connectionLost: 'The connection dropped before the upload finished. Your entries and files are kept: choose Retry to send them again.',
    retry: 'Retry',
  },
} as const;

/** The non-empty fields of the add-application form rule 5, in the order they are checked. */
const PLEASE_ENTER_VALID = [
  'Please enter a valid national ID.',
  'Please enter a valid sex.',
  'Please enter a valid date of birth.',
  'Please enter a valid birth city.',
  'Please enter a valid current nationality.',
  'Please enter a valid identification.',
  'Please enter a valid company.',
  'Please enter a valid duty duration.',
  'Please enter a valid job title.',
  'Please enter a valid salary.',
  'Please enter a valid passport.',
  'Please enter a valid issued country.',
];

const withoutFunctions = (group: object) => Object.fromEntries(Object.entries(group).filter(([, value]) => typeof value !== 'function'));

describe('required messages', () => {
  it.each(Object.entries(REQUIRED))('%s holds exactly the required texts', (name, expected) => {
    expect((m as Record<string, unknown>)[name]).toStrictEqual(expected);
  });

  it.each(Object.entries(REQUIRED_WITH_TEMPLATES))('%s holds exactly the required fixed texts', (name, expected) => {
    expect(withoutFunctions((m as Record<string, object>)[name]!)).toStrictEqual(expected);
  });

  it('fills the templated messages word for word', () => {
    expect(m.pleaseEnterValid('salary')).toBe('Please enter a valid salary.');
    expect(m.documentInvalidType('scan.pdf', 'application/pdf')).toBe(
      'Invalid file type: scan.pdf (application/pdf). Allowed types are JPEG and PNG.',
    );
    expect(m.documentTooLarge('passport.jpg')).toBe('File too large: passport.jpg. Maximum allowed size is 7 MB.');
    expect(m.ADD_APPLICATION.failedWithStatus(500)).toBe('Failed to add application. Server responded with status: 500');
    expect(m.VIEW.actionError('approving application:', 'timeout of 10000ms exceeded')).toBe(
      'Error approving application: timeout of 10000ms exceeded. Please try again.',
    );
    expect(m.PROFILE.aborted('canceled')).toBe('Request was aborted: canceled');
    expect(m.UPLOAD.progress(40)).toBe('40 % uploaded');
    expect(m.APPLICATION_LIST.cappedTotal(1000)).toBe('1,000+ applications match');
  });

  it('has no template beside the ones checked above', () => {
    const templates = Object.entries(m).flatMap(([name, value]) =>
      typeof value === 'function'
        ? [name]
        : Object.entries(value as object)
            .filter(([, v]) => typeof v === 'function')
            .map(([key]) => `${name}.${key}`),
    );
    expect(templates.sort()).toStrictEqual(
      [
        'ADD_APPLICATION.failedWithStatus',
        'APPLICATION_LIST.cappedTotal',
        'PROFILE.aborted',
        'UPLOAD.progress',
        'VIEW.actionError',
        'documentInvalidType',
        'documentTooLarge',
        'pleaseEnterValid',
      ].sort(),
    );
  });
});

describe('status-date messages of the applicant file', () => {
  it('refuses a decision dated before the application or ahead of today in these words', () => {
    expect(APPLICANT_FILE_TEXTS.dateBeforeCreated).toBe('The date cannot be before the day the application was added.');
    expect(APPLICANT_FILE_TEXTS.dateInFuture).toBe('The date cannot be in the future.');
  });
});

describe('order of the add-application checks', () => {
  const valid = APPLICANT_FORM;
  /** The first message of each failing field, in the order the schema reports them. */
  const messagesOf = (schema: typeof ApplicationInputSchema | typeof ApplicationUpdateSchema, input: Record<string, string>) => {
    const firstPerField = new Map<string, string>();
    for (const issue of schema.safeParse(input).error?.issues ?? []) {
      const field = issue.path.join('.');
      if (!firstPerField.has(field)) firstPerField.set(field, issue.message);
    }
    return [...firstPerField.values()];
  };

  it('reports every broken field rule in the required order, first one first', () => {
    const everythingWrong = Object.fromEntries(Object.keys(valid).map((key) => [key, ' ']));
    expect(messagesOf(ApplicationInputSchema, everythingWrong)).toStrictEqual([
      'Surname must be between 3 and 31 characters long.',
      'Given name must be between 3 and 31 characters long.',
      'Please enter a valid email address.',
      'Please enter a valid phone number.',
      ...PLEASE_ENTER_VALID,
      // A field beyond the spec's list (documents by link), checked after the spec's fields.
      'Please enter a valid visa type.',
    ]);
  });

  it('words the name rule of the edit form as one message for both names', () => {
    expect(messagesOf(ApplicationUpdateSchema, { ...valid, surname: 'Al', givenN: 'K' })).toStrictEqual([
      'Surname and Given name must be between 3 and 31 characters long.',
      'Surname and Given name must be between 3 and 31 characters long.',
    ]);
  });
});
