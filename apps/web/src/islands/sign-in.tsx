import ForgotPasswordPage from '../app/routes/public/forgot-password';
import LoginPage from '../app/routes/public/login';
import ResetPasswordPage from '../app/routes/public/reset-password';

/**
 * The sign-in pages' island (ADR 0050): the same route components the staff app renders at these
 * addresses, hydrated by Preact over their prerendered card (main.tsx picks the page's). A chunk of
 * its own, imported by the islands entry on these pages only (and preloaded by their HTML), so the
 * public pages' script does not carry the forms.
 */
export const signInPages = { login: LoginPage, forgotPassword: ForgotPasswordPage, resetPassword: ResetPasswordPage };
