import type { ReactNode } from 'react';
import { Button, type ButtonProps, Spinner } from 'react-bootstrap';

interface Props extends Omit<ButtonProps, 'disabled'> {
  /** While true the button is disabled and shows a spinner. */
  pending: boolean;
  /** What the button says while pending; without it the button keeps its own words. */
  pendingLabel?: ReactNode;
  children: ReactNode;
}

/** A button that sends something and, until the answer comes, is disabled and spins. */
export function PendingButton({ pending, pendingLabel, children, ...button }: Props) {
  const spinner = <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />;
  if (pendingLabel === undefined) {
    return (
      <Button {...button} disabled={pending}>
        {pending && spinner}
        {children}
      </Button>
    );
  }
  return (
    <Button {...button} disabled={pending}>
      {pending ? (
        <>
          {spinner}
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
