/**
 * The privacy feature's words and the add form's field name (ADR 0053). Imports nothing, so the
 * add form carries them without the schemas of '@visa/shared/privacy'.
 */

/** The add form's field: the notice version the applicant agreed to, as the form showed it. */
export const CONSENT_FIELD = 'privacyConsent';

/** A notice in one language can be long, but not a book: what one page reads comfortably. */
export const PRIVACY_NOTICE_MAX = 20_000;

export const PRIVACY_TEXTS = {
  consentRequired: 'The applicant must agree to the privacy notice before the application is added.',
  consentVersionChanged: (current: number) =>
    `The privacy notice has changed since this form was opened: ask the applicant to read version ${current}, then tick the box again.`,
  consentVersionInvalid: 'The privacy notice version is not valid.',
  consentLabel: (version: number) => `The applicant has read privacy notice version ${version} and agrees.`,
  publishFirst: 'Publish a privacy notice before requiring consent at intake.',
  bodyRequired: (language: string) => `The privacy notice in ${language} is required.`,
  bodyTooLong: (language: string) => `The privacy notice in ${language} can be at most ${PRIVACY_NOTICE_MAX} characters long.`,
  published: (version: number) => `Privacy notice version ${version} published.`,
  publishCollision: 'Someone else published a version at the same moment. Reload the page and publish again.',
  consentSettingSaved: 'Consent setting saved.',
  confirmWithdrawal: 'Confirm that the applicant withdraws consent.',
  alreadyWithdrawn: 'Consent has already been withdrawn for this application.',
  withdrawn: 'Consent withdrawn: no more messages will be sent to this applicant.',
  downloadError: "Could not prepare the applicant's data. Please try again.",
} as const;

/** The file's history sentences of the privacy events (ADR 0053). */
export const PRIVACY_HISTORY = {
  consentRecorded: (version: string) => `The applicant agreed to privacy notice version ${version}`,
  consentWithdrawn: (emails: number, texts: number) =>
    `The applicant withdrew consent; messages stopped${emails + texts > 0 ? ` (${emails} queued email${emails === 1 ? '' : 's'} and ${texts} text message${texts === 1 ? '' : 's'} cancelled)` : ''}`,
  dataDownloaded: "The applicant's data was downloaded",
} as const;
