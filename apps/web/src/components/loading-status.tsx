import type { ReactNode } from 'react';
import { Spinner } from 'react-bootstrap';

/** A spinner with its words, announced while something loads; the spinner itself is hidden from readers. */
export function LoadingStatus({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div role="status" className={className}>
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span className="ms-2">{children}</span>
    </div>
  );
}
