import { useId, useRef } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { SESSION } from '@visa/shared/ui-texts';

interface Props {
  show: boolean;
  /** "Stay signed in" is on its way to the server. */
  staying: boolean;
  onStay: () => void;
  onSignOut: () => void;
}

/**
 * A minute before the idle limit (ADR 0018): labelled by its title and described by its text, focus
 * on "Stay signed in" so Enter or Space keeps working; Escape counts as staying too, since pressing
 * it shows the person is there. No fade (animation={false}), like ConfirmDialog.
 */
export function IdleWarningDialog({ show, staying, onStay, onSignOut }: Props) {
  const titleId = useId();
  const bodyId = useId();
  const stayRef = useRef<HTMLButtonElement>(null);

  return (
    <Modal
      show={show}
      onHide={onStay}
      onShow={() => stayRef.current?.focus()}
      backdrop="static"
      centered
      animation={false}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
    >
      <Modal.Header>
        <Modal.Title id={titleId} as="h2" className="h5">
          {SESSION.idleWarningTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p id={bodyId} className="mb-0">
          {SESSION.idleWarning}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onSignOut}>
          {SESSION.signOut}
        </Button>
        <Button ref={stayRef} variant="danger" onClick={onStay} disabled={staying}>
          {SESSION.staySignedIn}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
