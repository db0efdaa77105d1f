/** English strings of the public site. Spec wording is kept exactly. */
export const en = {
  nav: {
    home: 'HOME',
    enquiry: 'VISA ENQUIRY',
    login: 'LOGIN',
    toggle: 'Toggle navigation',
    language: 'বাংলা',
    languageLabel: 'Switch to Bengali',
    brand: 'Canada Visa Desk',
  },
  footer: {
    terms: 'Terms',
    services: 'Services',
    about: 'About',
    home: 'Home',
    enquiry: 'Visa Enquiry',
    login: 'Login',
    rights: 'All rights reserved.',
    tagline: 'Helping people from Bangladesh apply for Canadian work, visit and student visas.',
  },
  scrollTop: 'Back to top',
  notFound: 'Page not found',
  login: {
    title: 'Staff Login',
    intro: 'Sign in to manage applications, slides and staff accounts.',
    email: 'Email',
    password: 'Password',
    submit: 'Login',
    submitting: 'Signing in…',
  },
};
export type Messages = typeof en;
