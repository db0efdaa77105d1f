import { MAX_PAGE_SIZE } from './constants.js';

/**
 * Texts of the applications back office that the earlier app had no words for (ADR 0007). Kept
 * apart from the schemas in applications.ts, so that a page showing only these words (a list's
 * erased name) builds none of those schemas as it starts (ADR 0111).
 */
export const APPLICATION_TEXTS = {
  imageRequired: 'Please choose an image.',
  imageUnreadable: 'The image could not be read. Please choose another JPEG or PNG file.',
  imageTooManyPixels: 'The image has too many pixels. Please choose a picture of at most 40 megapixels.',
  notMultipart: 'Please send the form as multipart/form-data.',
  malformedForm: 'The form data could not be read.',
  invalidPage: 'Page must be a whole number of at least 1.',
  invalidLimit: `Limit must be a whole number between 1 and ${MAX_PAGE_SIZE}.`,
  invalidSearch: 'Search may only contain letters, digits, spaces, dots, hyphens and apostrophes.',
  invalidStatus: 'Status must be pending, approved or rejected.',
  invalidCursor: 'This page link is no longer valid. Please go back to the first page.',
  invalidDocuments: 'The documents filter can only be waiting (applications with files to review).',
  invalidStage: 'The stage filter must be one of the office’s stages.',
  invalidDueWithin: 'Deadline within must be a whole number of days from 0 to 365.',
  invalidBalance: 'The balance filter can only be due (applications that owe money).',
  added: 'Application added successfully.',
  updated: 'Application updated successfully.',
  deleted: 'Application deleted successfully.',
  exportFailed: 'The export could not be made. Please try again.',
  erased: 'This applicant’s personal data was erased: their details, photo and documents can no longer be changed.',
  /** Shown in the list where an erased application's name was. */
  erasedName: 'Personal data erased',
} as const;
