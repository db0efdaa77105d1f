/** Every route path of spec §2, typed once. */
export const paths = {
  home: '/',
  terms: '/terms',
  about: '/about',
  enquiry: '/enquiry',
  viewOne: '/view-one',
  login: '/login',
  profile: '/profile',
  setting: '/setting',
  dashboard: '/dashboard',
  userManagement: '/userManagement',
  addUserManagement: '/addUserManagement',
  editUserManagement: '/editUserManagement',
  application: '/application',
  addUserApplication: '/addUserApplication',
  editApplication: '/editApplication',
  userView: '/userView',
  updateApplicationView: '/updateApplicationView/:id',
  slider: '/slider',
  addSliders: '/addSliders',
  editSlider: '/editSlider',
} as const;

export const updateApplicationViewPath = (id: string) => `/updateApplicationView/${encodeURIComponent(id)}`;

/** Public pages rendered to static HTML at build time. */
export const PRERENDERED_PATHS = [paths.home, paths.terms, paths.about, paths.enquiry, paths.viewOne, paths.login] as const;

/** Links of the public navbar and footer (spec §2). */
export const EXTERNAL = {
  officialVisaSite: 'https://www.canada.ca/en/immigration-refugees-citizenship/services/application.html',
} as const;
