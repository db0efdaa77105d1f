import type { ReactNode } from 'react';
import { Alert, Button, Card, Spinner } from 'react-bootstrap';
import { LOADING } from '@visa/shared/staff-texts';

/**
 * A card of the applicant file that loads its own part (the money, the case): its title, a spinner
 * while the part loads, and the load error with a Retry. `children` is the part once loaded.
 */
export function LazyPanel({
  titleId,
  title,
  query,
  loadError,
  retry,
  children,
}: {
  titleId: string;
  title: string;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  loadError: string;
  retry: string;
  children: ReactNode;
}) {
  return (
    <section className="card mt-3 no-print" aria-labelledby={titleId}>
      <Card.Body>
        <h2 id={titleId} className="h5">
          {title}
        </h2>
        {query.isPending && <Spinner size="sm" role="status" aria-label={LOADING.generic} />}
        {query.isError && (
          <Alert transition={false} variant="danger" className="d-flex flex-wrap justify-content-between align-items-center gap-2">
            <span>{loadError}</span>
            <Button size="sm" variant="outline-danger" onClick={() => void query.refetch()}>
              {retry}
            </Button>
          </Alert>
        )}
        {children}
      </Card.Body>
    </section>
  );
}
