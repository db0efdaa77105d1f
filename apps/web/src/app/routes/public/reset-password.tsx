import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';
import { SignInCard } from '../../../components/layout/sign-in-card';

export function meta() {
  return [
    { title: 'Choose a New Password | Canada Visa Desk' },
    { name: 'robots', content: 'noindex' },
    { name: 'referrer', content: 'no-referrer' },
  ];
}

/**
 * Opened from the emailed link, `/reset-password#token=…`. The token is read from the fragment
 * (which browsers never send to a server) and then removed from the address bar and history.
 */
export default function ResetPasswordPage() {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    const found = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
    setToken(found);
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);

  return (
    <SignInCard>
      <h1 className="h3 mb-4">Choose a new password</h1>
      {token !== null && <ResetPasswordForm token={token} signIn={<Link to={paths.login}>Sign in</Link>} />}
    </SignInCard>
  );
}
