/**
 * The pages a form posted to its own page without the page's script is answered with (ADR 0037),
 * and which paths those are. The paths are the web app's form pages (apps/web/src/config/paths.ts);
 * the API cannot import the web app, so they are named again here, and the API's tests post to
 * each.
 */

export type FormPage =
  { kind: 'staff'; path: string } | { kind: 'forgotPassword'; path: string } | { kind: 'enquiry'; path: string; language: 'en' | 'bn' };

/** Every page with a form: the staff pages (sign-in and its siblings, the back office) and the public two. */
export const FORM_PAGES: readonly FormPage[] = [
  { kind: 'forgotPassword', path: '/forgot-password' },
  { kind: 'enquiry', path: '/enquiry', language: 'en' },
  { kind: 'enquiry', path: '/bn/enquiry', language: 'bn' },
  ...[
    '/login',
    '/reset-password',
    '/profile',
    '/setting',
    '/addUserManagement',
    '/editUserManagement',
    '/application',
    '/addUserApplication',
    '/editApplication',
    '/userView',
    '/updateApplicationView/:id',
    '/addSliders',
    '/editSlider',
  ].map((path) => ({ kind: 'staff' as const, path })),
];

const ONE_SEGMENT = /^\/updateApplicationView\/[^/]+$/;
const EXACT = new Set(FORM_PAGES.map((page) => page.path).filter((path) => !path.includes(':')));

/**
 * True for a page path that takes a form's POST: the anti-forgery plugin checks such a request's
 * origin instead of the header a form without script cannot send.
 */
export const isFormPagePath = (path: string): boolean => EXACT.has(path) || ONE_SEGMENT.test(path);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * A page of its own, without scripts or the app's styles: a heading, one message (an alert when
 * something was refused) and a link back to the page, in the page's language.
 */
export function answerPage(page: {
  language: 'en' | 'bn';
  title: string;
  text: string;
  back: { href: string; label: string };
  alert: boolean;
}): string {
  const e = escapeHtml;
  return (
    `<!doctype html><html lang="${page.language}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${e(page.title)}</title></head>` +
    '<body><main style="max-width:40rem;margin:3rem auto;padding:0 1rem;font-family:system-ui,sans-serif;line-height:1.5">' +
    `<h1>${e(page.title)}</h1><p role="${page.alert ? 'alert' : 'status'}">${e(page.text)}</p>` +
    `<p><a href="${e(page.back.href)}">${e(page.back.label)}</a></p></main></body></html>`
  );
}
