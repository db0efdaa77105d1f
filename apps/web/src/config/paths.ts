/**
 * Every route path, typed once (docs/product.md#pages-and-routes). The staff addresses keep the
 * earlier app's spelling so bookmarks still work; everything else names them by what they do.
 */
export const paths = {
  home: '/',
  terms: '/terms',
  about: '/about',
  enquiry: '/enquiry',
  viewOne: '/view-one',
  login: '/login',
  forgotPassword: '/forgot-password',
  /** Opened from the emailed link; the token travels after `#`, never to the server's logs. */
  resetPassword: '/reset-password',
  profile: '/profile',
  settings: '/setting',
  dashboard: '/dashboard',
  staffList: '/userManagement',
  staffNew: '/addUserManagement',
  staffEdit: '/editUserManagement',
  applicationList: '/application',
  applicationNew: '/addUserApplication',
  applicationEdit: '/editApplication',
  /** The applicant file opened with the application in navigation state. */
  applicationFile: '/userView',
  /** The applicant file loaded by id, so it survives a reload and can be bookmarked. */
  applicationFileById: '/updateApplicationView/:id',
  slideList: '/slider',
  slideNew: '/addSliders',
  slideEdit: '/editSlider',
} as const;

/** Public pages rendered to static HTML at build time. */
export const PRERENDERED_PATHS = [
  paths.home,
  paths.terms,
  paths.about,
  paths.enquiry,
  paths.viewOne,
  paths.login,
  paths.forgotPassword,
  paths.resetPassword,
] as const;
