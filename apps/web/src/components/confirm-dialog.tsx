import { type ReactNode, useId } from 'react';
import { Alert, Button, type ButtonProps, Modal } from 'react-bootstrap';

interface Props {
  show: boolean;
  /** Also the dialog's accessible name. */
  title: ReactNode;
  /** The body: what will happen if the user confirms. */
  children?: ReactNode;
  confirmLabel: ReactNode;
  confirmVariant?: ButtonProps['variant'];
  cancelLabel?: ReactNode;
  cancelVariant?: ButtonProps['variant'];
  /** The confirmed call is running: the confirm button is disabled so it cannot be sent twice. */
  pending?: boolean;
  /** Show a spinner in the confirm button while pending. */
  pendingSpinner?: boolean;
  /**
   * While pending, Cancel, the close button, Escape and the backdrop do nothing either, for callers
   * that close the dialog themselves once the call has settled.
   */
  lockWhilePending?: boolean;
  /** Shown as an alert inside the dialog, above the buttons. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The one confirmation dialog of the staff pages, labelled by its title; react-bootstrap's Modal
 * moves focus into it, traps it and gives it back on close. No fade (animation={false}):
 * react-bootstrap 2.9's transitions read element.ref, which React 19 reports as an error (ADR 0006).
 */
export function ConfirmDialog({
  show,
  title,
  children,
  confirmLabel,
  confirmVariant = 'danger',
  cancelLabel = 'Cancel',
  cancelVariant = 'secondary',
  pending = false,
  pendingSpinner = false,
  lockWhilePending = false,
  error,
  onConfirm,
  onCancel,
}: Props) {
  const titleId = useId();
  const locked = pending && lockWhilePending;
  const cancel = () => {
    if (!locked) onCancel();
  };

  return (
    <Modal show={show} onHide={cancel} centered animation={false} aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {children}
        {error && (
          <Alert variant="danger" role="alert" transition={false} className="mt-3 mb-0">
            {error}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant={cancelVariant} onClick={cancel} disabled={locked}>
          {cancelLabel}
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={pending}>
          {pending && pendingSpinner && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
