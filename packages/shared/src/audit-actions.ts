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
