import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { SECOND_FACTOR } from '@visa/shared/messages';
import { RecoveryCodeSchema, type SecondFactorChallenge, TotpCodeSchema } from '@visa/shared/second-factor';
import { LOADING } from '@visa/shared/staff-texts';
import { challengeEnded, secondStepErrorMessage, useCompleteSecondStep, useStartEnrolment } from '../api/login-second-factor';
import { CodeField } from './code-field';
import { RecoveryCodes } from './recovery-codes';
import { SecondFactorSetupForm } from './second-factor-setup';
import { LoadingStatus } from '../../../components/loading-status';
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

interface StepProps {
  challenge: string;
  onSignedIn: () => void;
  onRestart: () => void;
}

function Ended({ onRestart }: { onRestart: () => void }) {
  return (
    <>
      <Alert variant="danger" role="alert" className="py-2">
        {SECOND_FACTOR.challengeEnded}
      </Alert>
      <Button variant="danger" onClick={onRestart}>
        Sign in again
      </Button>
    </>
  );
}

function CodeStep({ challenge, onSignedIn, onRestart }: StepProps) {
  const pageForm = usePageForm('Checking…');
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const complete = useCompleteSecondStep();

  if (complete.isError && challengeEnded(complete.error)) return <Ended onRestart={onRestart} />;
  const message = invalid ?? (complete.isError ? secondStepErrorMessage(complete.error) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = (mode === 'code' ? TotpCodeSchema : RecoveryCodeSchema).safeParse(value);
    if (!parsed.success) {
      complete.reset();
      setInvalid(mode === 'code' ? SECOND_FACTOR.codeFormat : SECOND_FACTOR.recoveryCodeFormat);
      return;
    }
    setInvalid(null);
    complete.mutate(mode === 'code' ? { challenge, code: parsed.data } : { challenge, recoveryCode: parsed.data }, {
      onSuccess: onSignedIn,
    });
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

function EnrolStep({ challenge, onSignedIn, onRestart }: StepProps) {
  const start = useStartEnrolment();
  const complete = useCompleteSecondStep();
  const { mutate: startMutate } = start;
  useEffect(() => startMutate(challenge), [startMutate, challenge]);

  if ((start.isError && challengeEnded(start.error)) || (complete.isError && challengeEnded(complete.error)))
    return <Ended onRestart={onRestart} />;
  if (complete.data?.recoveryCodes) return <RecoveryCodes codes={complete.data.recoveryCodes} onDone={onSignedIn} doneLabel="Continue" />;

  return (
    <>
      <Alert variant="info">{SECOND_FACTOR.enrolRequired}</Alert>
      {start.isError && (
        <Alert variant="danger" role="alert" className="py-2">
          {secondStepErrorMessage(start.error)}
        </Alert>
      )}
      {start.isPending && <LoadingStatus>{LOADING.generic}</LoadingStatus>}
      {start.data && (
        <SecondFactorSetupForm
          setup={start.data}
          pending={complete.isPending || complete.isSuccess}
          error={complete.isError ? secondStepErrorMessage(complete.error) : undefined}
          onConfirm={(code) => complete.mutate({ challenge, code })}
        />
      )}
    </>
  );
}
