import { useEffect } from 'react';
import { Alert } from 'react-bootstrap';
import { SECOND_FACTOR } from '@visa/shared/ui-texts';
import { LOADING } from '@visa/shared/staff-texts';
import { challengeEnded, completeSecondStep, secondStepErrorMessage, startEnrolment } from '../api/login-second-factor';
import { useRequest } from '../lib/use-request';
import { ChallengeEnded, type StepProps } from './challenge-ended';
import { RecoveryCodes } from './recovery-codes';
import { SecondFactorSetupForm } from './second-factor-setup';
import { LoadingStatus } from '../../../components/loading-status';

/** Setting the app up at sign-in, when the office requires a second factor and the account has none (ADR 0019). */
export function EnrolStep({ challenge, onSignedIn, onRestart }: StepProps) {
  const start = useRequest(startEnrolment);
  const complete = useRequest(completeSecondStep);
  const { run: startRun } = start;
  useEffect(() => startRun(challenge), [startRun, challenge]);

  if ((start.isError && challengeEnded(start.error)) || (complete.isError && challengeEnded(complete.error)))
    return <ChallengeEnded onRestart={onRestart} />;
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
          onConfirm={(code) => complete.run({ challenge, code })}
        />
      )}
    </>
  );
}
