import { Alert, Button } from 'react-bootstrap';
import { SECOND_FACTOR } from '@visa/shared/ui-texts';

export interface StepProps {
  challenge: string;
  onSignedIn: () => void;
  onRestart: () => void;
}

/** The challenge ended (too slow, or too many wrong codes): back to email and password. */
export function ChallengeEnded({ onRestart }: { onRestart: () => void }) {
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
