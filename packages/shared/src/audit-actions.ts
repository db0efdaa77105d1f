/**
 * Every action the API writes to the audit log, by the concept it belongs to. The API records
 * them and the history panel names them, both from this one list, so a renamed action cannot leave
 * the panel matching a string nobody writes any more. The stored values never change: old events
 * keep their names.
 */
export const AUDIT_ACTIONS = {
  application: {
    create: 'application.create',
    update: 'application.update',
    delete: 'application.delete',
    export: 'application.export',
    status: 'application.status',
    documentsAdd: 'application.documents.add',
    documentsRemove: 'application.documents.remove',
    /** The import's files step brought in a photo or document of the earlier app, or could not (ADR 0042). */
    importFileStored: 'application.import_file.stored',
    importFileMissing: 'application.import_file.missing',
    /** Personal data removed by the retention rules (no actor) or erased by a super-admin, with the reason (ADR 0052). */
    erasedByRetention: 'application.anonymised',
    erasedNow: 'application.erased',
  },
  /** The case as IRCC runs it (ADR 0077): a step recorded, a letter entered, a letter's deadline or owner changed. */
  caseWork: {
    step: 'case.step',
    letter: 'case.letter',
    letterChanged: 'case.letter.changed',
    passportHandover: 'case.passport.handover',
    calendarFeed: 'case.calendar_feed',
    calendarFeedRevoked: 'case.calendar_feed.revoked',
  },
  /** Money on an application (ADR 0084): each entry, reversal and refund, and each link or receipt sent. */
  money: {
    entry: 'money.entry',
    reversal: 'money.reversal',
    refund: 'money.refund',
    link: 'money.link',
    receiptSent: 'money.receipt_sent',
    entriesExported: 'money.entries_exported',
    gatewayCheck: 'money.gateway_check',
  },
  slide: {
    create: 'slide.create',
    update: 'slide.update',
    image: 'slide.image',
    delete: 'slide.delete',
    reorder: 'slide.reorder',
  },
  settings: {
    updated: 'settings.updated',
  },
  email: {
    sent: 'email.sent',
    failed: 'email.failed',
  },
  /** The channels the applicant agreed to be told on, from the add and edit forms (ADR 0044). */
  channelAgreement: {
    recorded: 'message.consent',
  },
  /** Status messages by SMS and WhatsApp (ADR 0044): each attempt and its outcome. */
  textMessage: {
    sent: 'message.sent',
    retry: 'message.retry',
    failed: 'message.failed',
    skipped: 'message.skipped',
    limited: 'message.limited',
    deferred: 'message.deferred',
    receipt: 'message.receipt',
    test: 'message.test',
  },
  statusCheck: {
    match: 'enquiry.match',
    miss: 'enquiry.miss',
    slowed: 'enquiry.slowed',
    refused: 'enquiry.refused',
  },
  staffAccount: {
    created: 'user.created',
    updated: 'user.updated',
    deleted: 'user.deleted',
    profileUpdated: 'user.profile_updated',
    currentPasswordWrong: 'user.current_password_wrong',
    signedOutEverywhere: 'user.signed_out_everywhere',
    login: 'user.login',
    loginFailed: 'user.login_failed',
    loginLimited: 'user.login_limited',
    loginSlowed: 'user.login_slowed',
    passwordResetRequested: 'user.password_reset_requested',
    passwordReset: 'user.password_reset',
    secondFactorEnabled: 'user.second_factor_enabled',
    secondFactorDisabled: 'user.second_factor_disabled',
    secondFactorFailed: 'user.second_factor_failed',
    secondFactorReset: 'user.second_factor_reset',
    recoveryCodesReplaced: 'user.recovery_codes_replaced',
    secondFactorLocked: 'user.second_factor_locked',
    loginRefused: 'user.login_refused',
    passwordResetRequestsRefused: 'user.password_reset_requests_refused',
  },
  /** Documents by link (ADR 0046): each step staff take and each file the applicant sends. */
  documentRequest: {
    sent: 'document_request.sent',
    revoked: 'document_request.revoked',
    received: 'document_request.received',
    refused: 'document_request.refused',
    accepted: 'document_request.accepted',
    askedAgain: 'document_request.asked_again',
  },
  /** `npm run admin -- import`: one entry per run, with its counts (ADR 0041). */
  dataImport: {
    run: 'import.run',
  },
  /** Personal data by the law (ADR 0053): notices published, consent given and withdrawn, an applicant's data downloaded. */
  privacy: {
    noticePublished: 'privacy.notice_published',
    consentRecorded: 'privacy.consent_recorded',
    consentWithdrawn: 'privacy.consent_withdrawn',
    dataDownloaded: 'privacy.data_downloaded',
  },
} as const;

/**
 * What each audit entry is about (its `entity`, with the id in `entity_id`), beside the actions for
 * the same reason: a history is read back by these names, so a renamed entity would hide every
 * entry written before. The stored values never change.
 */
export const AUDIT_ENTITIES = {
  application: 'application',
  staffAccount: 'user',
  slide: 'slide',
  /** A group of office settings; the id names which ('security', 'office-contact', 'retention', …). */
  settings: 'settings',
  /** The public status check: the id is the application it matched, or none. */
  statusCheck: 'enquiry',
  dataImport: 'import',
  privacyNotice: 'privacy_notice',
} as const;

type Values<T> = T[keyof T];
export type AuditEntity = Values<typeof AUDIT_ENTITIES>;
export type AuditAction = Values<{ [K in keyof typeof AUDIT_ACTIONS]: Values<(typeof AUDIT_ACTIONS)[K]> }>;

/**
 * Every action as words a member of staff reads, in the staff language (English): the history,
 * the applicant's data download and any other place a person looks name an action by this and
 * never by its stored key. Typed over every action, so a new action without words does not build.
 */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'application.create': 'Application created',
  'application.update': 'Details edited',
  'application.delete': 'Application deleted',
  'application.export': 'Applications exported',
  'application.status': 'Status changed',
  'application.documents.add': 'Documents added',
  'application.documents.remove': 'Document removed',
  'application.import_file.stored': 'File brought in from the earlier app',
  'application.import_file.missing': 'File from the earlier app missing',
  'application.anonymised': 'Personal data anonymised',
  'application.erased': 'Personal data erased',
  'case.step': 'Case step recorded',
  'money.entry': 'Money entry recorded',
  'money.reversal': 'Money entry reversed',
  'money.refund': 'Money refunded',
  'money.link': 'Payment link sent',
  'money.receipt_sent': 'Receipt sent to the applicant',
  'money.entries_exported': 'Money entries exported for the accountant',
  'money.gateway_check': 'Gateway payment to check (another amount, or paid twice)',
  'case.letter': 'IRCC letter entered',
  'case.letter.changed': 'Letter deadline or owner changed',
  'case.passport.handover': 'Passport handed over',
  'case.calendar_feed': 'Calendar feed address made',
  'case.calendar_feed.revoked': 'Calendar feed address revoked',
  'slide.create': 'Slide added',
  'slide.update': 'Slide edited',
  'slide.image': 'Slide picture changed',
  'slide.delete': 'Slide deleted',
  'slide.reorder': 'Slides reordered',
  'settings.updated': 'Settings changed',
  'email.sent': 'Email sent',
  'email.failed': 'Email could not be delivered',
  'message.consent': 'Message channels agreed',
  'message.sent': 'Text message sent',
  'message.retry': 'Text message to be tried again',
  'message.failed': 'Text message failed',
  'message.skipped': 'Text message not sent',
  'message.limited': 'Text message held by the daily limit',
  'message.deferred': 'Text message waits for the end of quiet hours',
  'message.receipt': 'Text message receipt',
  'message.test': 'Test message sent',
  'enquiry.match': 'Status checked',
  'enquiry.miss': 'Status check found nothing',
  'enquiry.slowed': 'Status checks slowed down',
  'enquiry.refused': 'Status check refused',
  'user.created': 'Staff account created',
  'user.updated': 'Staff account changed',
  'user.deleted': 'Staff account deleted',
  'user.profile_updated': 'Profile changed',
  'user.current_password_wrong': 'Wrong current password',
  'user.signed_out_everywhere': 'Signed out everywhere',
  'user.login': 'Signed in',
  'user.login_failed': 'Sign-in failed',
  'user.login_limited': 'Sign-ins held by the limit',
  'user.login_slowed': 'Sign-ins slowed down',
  'user.password_reset_requested': 'New password asked for',
  'user.password_reset': 'Password reset',
  'user.second_factor_enabled': 'Two-step sign-in turned on',
  'user.second_factor_disabled': 'Two-step sign-in turned off',
  'user.second_factor_failed': 'Wrong two-step sign-in code',
  'user.second_factor_reset': 'Two-step sign-in removed by the office',
  'user.recovery_codes_replaced': 'New recovery codes made',
  'user.second_factor_locked': 'Two-step sign-in codes locked',
  'user.login_refused': 'Sign-in refused',
  'user.password_reset_requests_refused': 'New-password requests refused',
  'document_request.sent': 'Document request sent',
  'document_request.revoked': 'Document request link revoked',
  'document_request.received': 'Document received from the applicant',
  'document_request.refused': 'Document refused',
  'document_request.accepted': 'Document accepted',
  'document_request.asked_again': 'Document asked for again',
  'import.run': 'Data imported',
  'privacy.notice_published': 'Privacy notice published',
  'privacy.consent_recorded': 'Privacy consent recorded',
  'privacy.consent_withdrawn': 'Privacy consent withdrawn',
  'privacy.data_downloaded': 'Personal data downloaded',
};

/** An action as words; a stored name no longer in the list (written by an older release) reads as words too. */
export const auditActionLabel = (action: string): string =>
  Object.hasOwn(AUDIT_ACTION_LABELS, action)
    ? AUDIT_ACTION_LABELS[action as AuditAction]
    : action.replace(/[._]+/g, ' ').replace(/^./, (c) => c.toUpperCase());
