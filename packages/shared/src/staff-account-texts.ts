/** Texts of staff-account rules the earlier app had no words for (ADR 0006). */
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
