import type { ComponentType } from 'react';
import { paths } from '../config/paths';
import ForgotPasswordPage from '../app/routes/public/forgot-password';
import LoginPage from '../app/routes/public/login';
import ResetPasswordPage from '../app/routes/public/reset-password';
import { en } from '../lib/locales/en';
import { formsReady } from '../lib/page-form';
import { hydrateIsland } from './mount';
import { startPage } from './page-shell';

/**
 * The sign-in pages' script (ADR 0050): a build of its own (`ISLANDS_ENTRY=sign-in`, see
 * vite.islands.config.ts), so the public pages' script carries none of it and shares nothing with
 * it. Like main.tsx it gives the navbar and the back-to-top button their behaviour; then it
 * hydrates, over the prerendered card, the same route component the staff app renders at this
 * address. These pages are English only.
 */
const { page, main } = startPage(() => en);

const PAGES: Record<string, ComponentType> = {
  [paths.login]: LoginPage,
  [paths.forgotPassword]: ForgotPasswordPage,
  [paths.resetPassword]: ResetPasswordPage,
};
const Page = PAGES[page];
if (Page) hydrateIsland(main?.firstElementChild ?? null, <Page />);
// The form is the script's now: one submitted before is sent (ADR 0037).
formsReady();
