/** Business constants (docs/product.md#limits) and the enumerations of docs/product.md#data. */

/** The office's name as every page, email, PDF and authenticator app shows it. */
export const BRAND_NAME = { en: 'Canada Visa Desk', bn: 'কানাডা ভিসা ডেস্ক' } as const;

export const PAGE_SIZE = 10;
/** The earlier app refetched the list with limit 5 after a delete; ADR 0007 explains why the list keeps 10. */
export const PAGE_SIZE_AFTER_DELETE = 5;
export const MAX_PAGE_SIZE = 100;

export const NAME_MIN = 3;
export const NAME_MAX = 31;
/**
 * A password someone sets: 12 to 128 Unicode code points after NFKC normalisation (ADR 0017).
 * The upper bound keeps one request from costing the server an arbitrarily long hash.
 */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
/** Sign-in still accepts the longer passwords the earlier rule (8 to 1024) let people set. */
export const LOGIN_PASSWORD_MAX = 1024;
/** The part of an email before the @ must not appear in the account's password once it is this long. */
export const EMAIL_NAME_MIN = 3;

const MB = 1024 * 1024;
export const IMAGE_MAX_BYTES_ADD = 10 * MB;
export const IMAGE_MAX_BYTES_EDIT = 2 * MB;
export const DOCUMENT_MAX_BYTES = 7 * MB;
export const SLIDE_IMAGE_MAX_BYTES = 10 * MB;
/** Decompression-bomb guard: images with more pixels than this are refused before decoding. */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_LONGEST_SIDE = 1600;
export const THUMBNAIL_SIDE = 160;

export const ALLOWED_IMAGE_MIME = ['image/jpeg', 'image/png'] as const;
export const ALLOWED_IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png'] as const;

export const ACCESS_TOKEN_MINUTES = 15;
export const SESSION_CHECK_INTERVAL_MS = 60_000;
export const STATUS_CHECK_DEBOUNCE_MS = 500;
export const SCROLL_THRESHOLD_PX = 100;
export const COLLAPSE_TRANSITION_MS = 300;

/** Per-call timeouts of the web client (milliseconds; docs/product.md#limits). */
export const TIMEOUTS = {
  login: 5_000,
  profile: 5_000,
  addStaffAccount: 5_000,
  applicationList: 10_000,
  applicationAddFormFetch: 5_000,
  addApplication: 20_000,
  uploadDocuments: 10_000,
  deleteApplication: 10_000,
  statusCheck: 10_000,
  addSlide: 5_000,
} as const;

/** Toast limits (docs/product.md#limits; react-hot-toast defaults). */
export const TOAST_LIMIT = 20;
export const TOAST_ERROR_MS = 4_000;
export const TOAST_SUCCESS_MS = 2_000;

export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;

export const PROCESSING_WEEKS = { min: 3, max: 5 } as const;
export const DELIVERY_EXTRA_BUSINESS_DAYS = 2;

export const JOB_TITLES = [
  'Driving',
  'Construction',
  'Electrician',
  'Holder',
  'Housekeeping',
  'Cleaner',
  'Plumber',
  'Packaging',
  'Cook',
  'Restaurant',
  'Manager',
  'Supervisor',
  'Worker',
  'Caring Operator',
] as const;
export type JobTitle = (typeof JOB_TITLES)[number];

export const SEXES = ['Male', 'Female'] as const;
export type Sex = (typeof SEXES)[number];

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** 'approved' → 'Approved': how a status is shown to staff (lists, the copy, the history). */
export const statusLabel = (status: ApplicationStatus): string => status.charAt(0).toUpperCase() + status.slice(1);

export const DOCUMENT_LABELS = ['Job Letter', 'LMIA', 'Visa', 'Visa Form', 'Work Permit', 'Air Tickets', 'Other'] as const;
export type DocumentLabel = (typeof DOCUMENT_LABELS)[number];

export const ROLES = ['superadmin', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const SLIDE_STATUSES = ['Published', 'Unpublished'] as const;
export type SlideStatus = (typeof SLIDE_STATUSES)[number];

export const OFFICIAL_VISA_SITE = 'https://www.canada.ca/en/immigration-refugees-citizenship/services/application.html';
