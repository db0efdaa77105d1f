import { useEffect, useState } from 'react';
import { PrefetchPageLinks, useLocation, useNavigate } from 'react-router';
import type { SecondFactorChallenge } from '@visa/shared/second-factor';
import { paths } from '../../../config/paths';
import { LoginForm } from '../../../features/auth/components/login-form';
import { SecondFactorStep } from '../../../features/auth/components/second-factor-step';
import { SessionEndedAlert } from '../../../features/auth/components/session-ended-alert';
import { returnPathFrom } from '../../../features/auth/lib/return-path';
import { hasSessionCookie, hasToken } from '../../../lib/auth-storage';
import { SignInCard } from '../../../components/layout/sign-in-card';

export function meta() {
  return [{ title: 'Staff Login | Canada Visa Desk' }, { name: 'robots', content: 'noindex' }];
}

/**
 * Staff sign-in: prerendered with the public layout, in English only like the rest of the staff
 * area (its messages are English); after sign-in, back to where the user was going.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const target = returnPathFrom(location.state, paths.login) ?? paths.dashboard;
  // After a correct password, the second step when one is due (ADR 0019).
  const [secondStep, setSecondStep] = useState<SecondFactorChallenge | null>(null);

  // Someone already signed in (token and live session) has nothing to do here.
  useEffect(() => {
    if (hasToken() && hasSessionCookie()) navigate(target, { replace: true });
    // Only on arrival: later changes are the form's business.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <SignInCard>
      <h1 className="h3 mb-1">Staff Login</h1>
      <p className="text-body-secondary mb-4">Sign in to manage applications, slides and staff accounts.</p>
      <SessionEndedAlert />
      {/* The staff area's scripts come down while the second factor is typed (ADR 0043). */}
      {secondStep && <PrefetchPageLinks page={target} />}
      {secondStep ? (
        <SecondFactorStep
          challenge={secondStep}
          onSignedIn={() => navigate(target, { replace: true })}
          onRestart={() => setSecondStep(null)}
        />
      ) : (
        <LoginForm onSignedIn={() => navigate(target, { replace: true })} onSecondStep={setSecondStep} />
      )}
    </SignInCard>
  );
}
