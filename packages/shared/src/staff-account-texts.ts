/**
 * Texts of staff-account rules the earlier app had no words for (ADR 0006). Kept apart from the
 * schemas in users.ts, so that the sign-in pages and every staff page's shell show them without
 * building those schemas (ADR 0111).
 */
export const STAFF = {
  nameTooLong: 'Name must be at most 100 characters long.',
  passwordTooLong: 'Password must be at most 1024 characters long.',
  notFound: 'This staff account does not exist.',
  cannotChangeOwnRole: 'You cannot change your own role.',
  created: 'Admin added.',
  updated: 'Admin updated.',
  deleted: 'Admin deleted.',
  deleteFailed: 'Failed to delete admin.',
  profileUpdated: 'Profile updated.',
  loadFailed: 'Failed to load the admin list.',
} as const;

/** How the roles are labelled on screen (docs/product.md#who-uses-it). */
export const ROLE_LABELS = { superadmin: 'Super-admin', admin: 'Sub-admin' } as const;
