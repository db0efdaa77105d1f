import { Link } from 'react-router';
import { PASSWORD_RESET } from '@visa/shared/password-reset-texts';
import { paths } from '../../../config/paths';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';
import { SignInCard } from '../../../components/layout/sign-in-card';

export function meta() {
  return [{ title: 'Forgot Password | Canada Visa Desk' }, { name: 'robots', content: 'noindex' }];
}

/** "Forgot password?" from the login page: English only, like the rest of the staff area. */
export default function ForgotPasswordPage() {
  return (
    <SignInCard>
      <h1 className="h3 mb-1">{PASSWORD_RESET.link}</h1>
      <p className="text-body-secondary mb-4">
        Enter the email of your staff account and we will send you a link to choose a new password.
      </p>
      <ForgotPasswordForm />
      <p className="mt-3 mb-0">
        <Link to={paths.login}>Back to sign in</Link>
      </p>
    </SignInCard>
  );
}
