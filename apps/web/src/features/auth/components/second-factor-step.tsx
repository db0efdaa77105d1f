import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { SECOND_FACTOR } from '@visa/shared/ui-texts';
import type { SecondFactorChallenge } from '@visa/shared/second-factor';
import { challengeEnded, completeSecondStep, secondStepErrorMessage } from '../api/login-second-factor';
import { checkRecoveryCode, checkTotpCode } from '../lib/sign-in-checks';
import { useRequest } from '../lib/use-request';
import { ChallengeEnded, type StepProps } from './challenge-ended';
import { CodeField } from './code-field';
import { EnrolStep } from './enrol-step';
import { PendingButton } from '../../../components/pending-button';
import { usePageForm } from '../../../lib/page-form';

interface Props {
  challenge: SecondFactorChallenge;
  /** Called once the token is stored (and, after setting the app up, the recovery codes were seen). */
  onSignedIn: () => void;
  /** Back to email and password: the challenge ended (too slow, or too many wrong codes). */
  onRestart: () => void;
}

/** The second step of signing in (ADR 0019): a code from the app, or setting the app up when the office requires it. */
export function SecondFactorStep({ challenge, onSignedIn, onRestart }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The password form is gone: focus goes to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="second-step-heading">
      <h2 id="second-step-heading" className="h5" tabIndex={-1} ref={heading}>
        {challenge.secondFactor === 'enrol' ? 'Set up two-step sign-in' : 'Two-step sign-in'}
      </h2>
      {challenge.secondFactor === 'enrol' ? (
        <EnrolStep challenge={challenge.challenge} onSignedIn={onSignedIn} onRestart={onRestart} />
      ) : (
        <CodeStep challenge={challenge.challenge} onSignedIn={onSignedIn} onRestart={onRestart} />
      )}
    </section>
  );
}

function CodeStep({ challenge, onSignedIn, onRestart }: StepProps) {
  const pageForm = usePageForm('Checking…');
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const complete = useRequest(completeSecondStep);

  if (complete.isError && challengeEnded(complete.error)) return <ChallengeEnded onRestart={onRestart} />;
  const message = invalid ?? (complete.isError ? secondStepErrorMessage(complete.error) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = mode === 'code' ? checkTotpCode(value) : checkRecoveryCode(value);
    if (parsed === null) {
      complete.reset();
      setInvalid(mode === 'code' ? SECOND_FACTOR.codeFormat : SECOND_FACTOR.recoveryCodeFormat);
      return;
    }
    setInvalid(null);
    complete.run(mode === 'code' ? { challenge, code: parsed } : { challenge, recoveryCode: parsed }, onSignedIn);
  };

  const switchMode = () => {
    setMode(mode === 'code' ? 'recovery' : 'code');
    setValue('');
    setInvalid(null);
    complete.reset();
  };

  return (
    <Form {...pageForm} noValidate onSubmit={submit} aria-describedby={message ? 'second-step-message' : 'second-step-intro'}>
      <p id="second-step-intro">{mode === 'code' ? SECOND_FACTOR.secondStepIntro : SECOND_FACTOR.recoveryStepIntro}</p>
      {message && (
        <Alert variant="danger" id="second-step-message" role="alert" className="py-2">
          {message}
        </Alert>
      )}
      <CodeField key={mode} id="second-step-code" mode={mode} value={value} onChange={setValue} invalid={Boolean(message)} autoFocus />
      <PendingButton type="submit" variant="danger" className="w-100 mb-3" pending={complete.isPending} pendingLabel="Checking…">
        Verify
      </PendingButton>
      <Button variant="link" className="p-0" onClick={switchMode}>
        {mode === 'code' ? SECOND_FACTOR.useRecoveryCode : SECOND_FACTOR.useAuthenticatorCode}
      </Button>
    </Form>
  );
}
