import { receiptVerifyPath } from '@visa/shared/receipt-words';

/** The public addresses the app gives applicants, under PUBLIC_URL. */

/**
 * The public enquiry page, where passport, nationality and date of birth show the current status:
 * what a printed copy's QR code and every status notice point to, never personal data.
 */
export const statusCheckUrl = (publicUrl: string) => `${publicUrl.replace(/\/$/, '')}/enquiry`;

/** A document request's page in the applicant's language, the token after `#` so no server log sees it. */
export const documentsLink = (publicUrl: string, language: 'en' | 'bn', token: string) =>
  `${publicUrl.replace(/\/+$/, '')}${language === 'bn' ? '/bn' : ''}/documents#${token}`;

/** A payment link's page in the applicant's language (ADR 0091), the token after `#` as for documents. */
export const payLink = (publicUrl: string, language: 'en' | 'bn', token: string) =>
  `${publicUrl.replace(/\/+$/, '')}${language === 'bn' ? '/bn' : ''}/pay#${token}`;

/** A receipt's public check in the reader's language (ADR 0088), its code after `#` as a link's token is. */
export const receiptLink = (publicUrl: string, language: 'en' | 'bn', code: string) =>
  `${publicUrl.replace(/\/+$/, '')}${receiptVerifyPath(language, code)}`;
