/**
 * Every API route by name: its method, its full address and who may call it (ADR 0061). The API
 * registers its routes from this table and checks at start-up that it registered exactly these;
 * the web app builds every request from it. No schema here, so that a page's script carries only
 * addresses: the request and response schemas are added on top of this table in api-routes.ts,
 * which only the API and the tests import.
 *
 * `:name` in a path is one segment, filled in and encoded by apiUrl. `access` is the route group's
 * rule (apps/api/src/plugins/auth.ts): 'public' for anyone, 'staff' for any signed-in member of
 * staff, 'superadmin' for super-admins only.
 */

export type ApiAccess = 'public' | 'staff' | 'superadmin';
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The tus protocol's methods (ADR 0047): one route answers them all. */
type TusMethods = readonly ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'];

interface ApiPath {
  method: ApiMethod | TusMethods;
  path: `/api/${string}`;
  access: ApiAccess;
}

const TUS = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export const API_PATHS = {
  // Health.
  health: { method: 'GET', path: '/api/health', access: 'public' },
  ready: { method: 'GET', path: '/api/ready', access: 'public' },

  // Signing in and out (ADR 0005, ADR 0019, ADR 0023): public, since they are how a session begins.
  login: { method: 'POST', path: '/api/users/login', access: 'public' },
  loginSecondFactor: { method: 'POST', path: '/api/users/login/second-factor', access: 'public' },
  loginSecondFactorSetup: { method: 'POST', path: '/api/users/login/second-factor/setup', access: 'public' },
  refreshSession: { method: 'POST', path: '/api/users/refresh', access: 'public' },
  logout: { method: 'POST', path: '/api/users/logout', access: 'public' },
  forgotPassword: { method: 'POST', path: '/api/users/forgot-password', access: 'public' },
  resetPassword: { method: 'POST', path: '/api/users/reset-password', access: 'public' },

  // The signed-in account's own session, profile, devices and second factor.
  getMe: { method: 'GET', path: '/api/users/me', access: 'staff' },
  getSession: { method: 'GET', path: '/api/users/session', access: 'staff' },
  staySignedIn: { method: 'POST', path: '/api/users/session', access: 'staff' },
  updateProfile: { method: 'POST', path: '/api/users/profile', access: 'staff' },
  listSessions: { method: 'GET', path: '/api/users/sessions', access: 'staff' },
  logoutAll: { method: 'POST', path: '/api/users/logout_all', access: 'staff' },
  getSecondFactor: { method: 'GET', path: '/api/users/me/second-factor', access: 'staff' },
  startSecondFactorSetup: { method: 'POST', path: '/api/users/me/second-factor/setup', access: 'staff' },
  enableSecondFactor: { method: 'POST', path: '/api/users/me/second-factor/enable', access: 'staff' },
  disableSecondFactor: { method: 'POST', path: '/api/users/me/second-factor/disable', access: 'staff' },
  renewRecoveryCodes: { method: 'POST', path: '/api/users/me/second-factor/recovery-codes', access: 'staff' },

  // Staff accounts and the office's settings (ADR 0006): the owner's.
  listStaffAccounts: { method: 'GET', path: '/api/users/get_users', access: 'superadmin' },
  createStaffAccount: { method: 'POST', path: '/api/users/add_user', access: 'superadmin' },
  updateStaffAccount: { method: 'PUT', path: '/api/users/update_user/:id', access: 'superadmin' },
  deleteStaffAccount: { method: 'DELETE', path: '/api/users/delete_user/:id', access: 'superadmin' },
  getSecuritySettings: { method: 'GET', path: '/api/users/settings/security', access: 'superadmin' },
  updateSecuritySettings: { method: 'PUT', path: '/api/users/settings/security', access: 'superadmin' },
  updateOfficeContact: { method: 'PUT', path: '/api/users/settings/office-contact', access: 'superadmin' },
  getDocumentRequestSettings: { method: 'GET', path: '/api/users/settings/document-requests', access: 'superadmin' },
  updateDocumentRequestSettings: { method: 'PUT', path: '/api/users/settings/document-requests', access: 'superadmin' },
  getMessageSettings: { method: 'GET', path: '/api/users/settings/messages', access: 'superadmin' },
  updateMessageSettings: { method: 'PUT', path: '/api/users/settings/messages', access: 'superadmin' },
  sendTestMessage: { method: 'POST', path: '/api/users/settings/messages/test', access: 'superadmin' },
  getSystemStatus: { method: 'GET', path: '/api/users/settings/system', access: 'superadmin' },
  getRetentionSettings: { method: 'GET', path: '/api/users/settings/retention', access: 'superadmin' },
  updateRetentionSettings: { method: 'PUT', path: '/api/users/settings/retention', access: 'superadmin' },
  previewRetention: { method: 'GET', path: '/api/users/settings/retention/preview', access: 'superadmin' },

  // Applications and each applicant's file.
  listApplications: { method: 'GET', path: '/api/application/fetchApplication', access: 'staff' },
  getApplication: { method: 'GET', path: '/api/application/fetchApplication/:id', access: 'staff' },
  checkAvailability: { method: 'GET', path: '/api/application/checkAvailability', access: 'staff' },
  createApplication: { method: 'POST', path: '/api/application/addApplication', access: 'staff' },
  updateApplication: { method: 'PUT', path: '/api/application/updateApplication/:id', access: 'staff' },
  deleteApplication: { method: 'DELETE', path: '/api/application/deleteApplication/:id', access: 'staff' },
  exportApplications: { method: 'GET', path: '/api/application/export', access: 'staff' },
  getStats: { method: 'GET', path: '/api/application/stats', access: 'staff' },
  countFailedTextMessages: { method: 'GET', path: '/api/application/messages/failed', access: 'staff' },
  setStatusPending: { method: 'PUT', path: '/api/application/updateApplicationPending/:id', access: 'staff' },
  setStatusApprove: { method: 'PUT', path: '/api/application/updateApplicationApprove/:id', access: 'staff' },
  setStatusReject: { method: 'PUT', path: '/api/application/updateApplicationReject/:id', access: 'staff' },
  addDocuments: { method: 'PUT', path: '/api/application/updateApplicationAdd/:id', access: 'staff' },
  deleteDocument: { method: 'DELETE', path: '/api/application/deleteApplicationDocument/:id/:documentId', access: 'staff' },
  getHistory: { method: 'GET', path: '/api/application/applicationHistory/:id', access: 'staff' },
  getCopyVerification: { method: 'GET', path: '/api/application/applicantCopyVerification', access: 'staff' },
  downloadCopyPdf: { method: 'GET', path: '/api/application/applicationCopyPdf/:id', access: 'staff' },
  eraseApplication: { method: 'POST', path: '/api/application/eraseApplication/:id', access: 'superadmin' },

  // Documents by link (ADR 0046, ADR 0047): staff's side, then the applicant's page and its uploads.
  getDocumentRequest: { method: 'GET', path: '/api/application/documentRequest/:id', access: 'staff' },
  sendDocumentRequest: { method: 'POST', path: '/api/application/documentRequest/:id', access: 'staff' },
  revokeDocumentRequest: { method: 'DELETE', path: '/api/application/documentRequest/:id', access: 'staff' },
  acceptDocument: { method: 'POST', path: '/api/application/documentRequest/:id/items/:itemId/accept', access: 'staff' },
  askDocumentAgain: { method: 'POST', path: '/api/application/documentRequest/:id/items/:itemId/ask-again', access: 'staff' },
  countDocumentsToReview: { method: 'GET', path: '/api/application/documentsToReview', access: 'staff' },
  getDocumentsPage: { method: 'GET', path: '/api/documents', access: 'public' },
  startUpload: { method: TUS, path: '/api/uploads/', access: 'public' },
  continueUpload: { method: TUS, path: '/api/uploads/:id', access: 'public' },

  // The case as IRCC runs it (ADR 0077): stages, steps and letters with deadlines.
  getCase: { method: 'GET', path: '/api/application/case/:id', access: 'staff' },
  recordCaseStep: { method: 'POST', path: '/api/application/case/:id/steps', access: 'staff' },
  addCaseLetter: { method: 'POST', path: '/api/application/case/:id/letters', access: 'staff' },
  changeCaseLetter: { method: 'PATCH', path: '/api/application/case/:id/letters/:letterId', access: 'staff' },
  getMyWork: { method: 'GET', path: '/api/application/work', access: 'staff' },
  getCaseSettings: { method: 'GET', path: '/api/users/settings/case', access: 'staff' },
  updateCaseSettings: { method: 'PUT', path: '/api/users/settings/case', access: 'superadmin' },
  // Passport custody (ADR 0082): handovers, the slip printed for each, the passports the office holds.
  recordPassportHandover: { method: 'POST', path: '/api/application/case/:id/passport', access: 'staff' },
  downloadHandoverSlip: { method: 'GET', path: '/api/application/case/:id/passport/:handoverId/slip', access: 'staff' },
  listHeldPassports: { method: 'GET', path: '/api/application/passports', access: 'staff' },

  // Money on an application (ADR 0084): its ledger, entries added, reversed and refunded, the fee schedule.
  getLedger: { method: 'GET', path: '/api/application/money/:id', access: 'staff' },
  addLedgerEntry: { method: 'POST', path: '/api/application/money/:id/entries', access: 'staff' },
  reverseLedgerEntry: { method: 'POST', path: '/api/application/money/:id/entries/:entryId/reversal', access: 'superadmin' },
  refundLedgerPayment: { method: 'POST', path: '/api/application/money/:id/entries/:entryId/refund', access: 'superadmin' },
  getFeeSchedule: { method: 'GET', path: '/api/users/settings/fees', access: 'staff' },
  updateFeeSchedule: { method: 'PUT', path: '/api/users/settings/fees', access: 'superadmin' },
  // Receipts shown, sent and checked (ADR 0088): staff's PDF and sending, the office's VAT registration, the public check.
  downloadReceiptPdf: { method: 'GET', path: '/api/application/money/:id/receipts/:receiptId/pdf', access: 'staff' },
  sendReceipt: { method: 'POST', path: '/api/application/money/:id/receipts/:receiptId/send', access: 'staff' },
  getReceiptSettings: { method: 'GET', path: '/api/users/settings/receipts', access: 'superadmin' },
  updateReceiptSettings: { method: 'PUT', path: '/api/users/settings/receipts', access: 'superadmin' },
  checkReceipt: { method: 'GET', path: '/api/receipts/:code', access: 'public' },

  // Paying a payment link through SSLCommerz (ADR 0089): the link's token as a bearer header; SSLCommerz posts the returns and the IPN.
  startSslcommerzPayment: { method: 'POST', path: '/api/pay/sslcommerz', access: 'public' },
  sslcommerzReturn: { method: 'POST', path: '/api/pay/sslcommerz/return/:outcome', access: 'public' },
  sslcommerzIpn: { method: 'POST', path: '/api/pay/sslcommerz/ipn', access: 'public' },
  // Payment links (ADR 0091): staff send one; the applicant's pay page reads what is due with its token as a Bearer header.
  sendPayLink: { method: 'POST', path: '/api/application/money/:id/pay-links', access: 'staff' },
  getPayPage: { method: 'GET', path: '/api/pay', access: 'public' },

  // Paying a payment link with bKash (ADR 0090): the link's token as a bearer header; bKash sends the payer back to the callback.
  payWithBkash: { method: 'POST', path: '/api/pay/bkash', access: 'public' },
  bkashCallback: { method: 'GET', path: '/api/pay/bkash/callback/:language', access: 'public' },
  // Money reports for the office's owners (ADR 0092): money in per day and month, who owes, the accountant's CSV, the dashboard's tile.
  getMoneyReceivedDaily: { method: 'GET', path: '/api/application/money-reports/daily', access: 'superadmin' },
  getMoneyReceivedMonthly: { method: 'GET', path: '/api/application/money-reports/monthly', access: 'superadmin' },
  getMoneyOutstanding: { method: 'GET', path: '/api/application/money-reports/outstanding', access: 'superadmin' },
  exportMoneyEntries: { method: 'GET', path: '/api/application/money-reports/entries.csv', access: 'superadmin' },
  getMoneyTile: { method: 'GET', path: '/api/application/money-reports/tile', access: 'superadmin' },
  getFinancialRetention: { method: 'GET', path: '/api/users/settings/financial-retention', access: 'superadmin' },
  updateFinancialRetention: { method: 'PUT', path: '/api/users/settings/financial-retention', access: 'superadmin' },

  // Staff's own calendar feed of their letters' deadlines (ADR 0081): the token in the path stands in for a session.
  getCalendarFeed: { method: 'GET', path: '/api/users/me/calendar-feed', access: 'staff' },
  createCalendarFeed: { method: 'POST', path: '/api/users/me/calendar-feed', access: 'staff' },
  revokeCalendarFeed: { method: 'DELETE', path: '/api/users/me/calendar-feed', access: 'staff' },
  getCalendar: { method: 'GET', path: '/api/calendar/:file', access: 'public' },

  // The public status check (ADR 0037: the POST keeps the inputs out of the address).
  checkStatus: { method: 'GET', path: '/api/application/fetchApplicationEnquiry', access: 'public' },
  checkStatusByPost: { method: 'POST', path: '/api/application/fetchApplicationEnquiry', access: 'public' },

  // Delivery receipts of the text message providers, believed by their signatures (ADR 0045).
  twilioReceipt: { method: 'POST', path: '/api/messages/receipts/twilio', access: 'public' },
  whatsappVerify: { method: 'GET', path: '/api/messages/receipts/whatsapp', access: 'public' },
  whatsappReceipt: { method: 'POST', path: '/api/messages/receipts/whatsapp', access: 'public' },

  // The office's contact details for the public site (ADR 0025).
  getOfficeContact: { method: 'GET', path: '/api/office-contact', access: 'public' },

  // The privacy notice, consent and the applicant's data (ADR 0053).
  getPrivacyOverview: { method: 'GET', path: '/api/privacy/notice', access: 'staff' },
  getPrivacyConsent: { method: 'GET', path: '/api/privacy/consent/:id', access: 'staff' },
  withdrawPrivacyConsent: { method: 'POST', path: '/api/privacy/consent/:id/withdraw', access: 'staff' },
  downloadApplicantData: { method: 'GET', path: '/api/privacy/applicant-data/:id', access: 'staff' },
  listPrivacyNotices: { method: 'GET', path: '/api/privacy/notices', access: 'superadmin' },
  publishPrivacyNotice: { method: 'POST', path: '/api/privacy/notices', access: 'superadmin' },
  setPrivacyConsentRequired: { method: 'PUT', path: '/api/privacy/consent-setting', access: 'superadmin' },

  // Slides: the list is public, with more for a caller that sends a valid bearer token.
  listSlides: { method: 'GET', path: '/api/slider/fetchSlider', access: 'public' },
  getSlide: { method: 'GET', path: '/api/slider/fetchSlider/:id', access: 'staff' },
  createSlide: { method: 'POST', path: '/api/slider/addSlider', access: 'staff' },
  updateSlide: { method: 'PUT', path: '/api/slider/updateSlider/:id', access: 'staff' },
  updateSlideImage: { method: 'PUT', path: '/api/slider/updateSliderImage/:id', access: 'staff' },
  deleteSlide: { method: 'DELETE', path: '/api/slider/deleteSlider/:id', access: 'staff' },
  reorderSlides: { method: 'PUT', path: '/api/slider/reorderSlider', access: 'staff' },
} as const satisfies Record<string, ApiPath>;

export type ApiKey = keyof typeof API_PATHS;

/** The names of a path's `:name` segments. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a route's path needs filled in: one string per `:name`. */
export type ApiPathParams<K extends ApiKey> = Record<ParamNames<(typeof API_PATHS)[K]['path']>, string>;

declare const method: unique symbol;
/**
 * An address built from the table, carrying its route's method in its type: the web's client takes
 * a GET address for a GET only, so a call cannot use another method than its route's.
 */
export type ApiUrl<M = unknown> = string & { readonly [method]: M };

/** The address of a route, its `:name` segments filled in from `params`, each encoded. */
export function apiUrl<K extends ApiKey>(
  key: K,
  ...[params]: ParamNames<(typeof API_PATHS)[K]['path']> extends never ? [] : [ApiPathParams<K>]
): ApiUrl<(typeof API_PATHS)[K]['method']> {
  const { path } = API_PATHS[key];
  const filled = params
    ? path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent((params as Record<string, string>)[name] ?? ''))
    : path;
  return filled as ApiUrl<(typeof API_PATHS)[K]['method']>;
}
