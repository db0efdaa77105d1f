import { Alert, Badge, Button, Spinner } from 'react-bootstrap';
import { type EmailDelivery, HISTORY_TEXTS } from '@visa/shared/applicant-file';
import { LOADING } from '@visa/shared/staff-texts';
import { useHistory } from '../api/get-history';
import { formatDateTime } from '@visa/shared/dates';
import { describeEvent } from '../lib/describe-event';

/** How each delivery state reads for staff; a queued message that already failed once is "Retrying". */
function deliveryState(email: EmailDelivery): { text: string; variant: string } {
  switch (email.status) {
    case 'sent':
      return { text: 'Sent', variant: 'success' };
    case 'failed':
      return { text: 'Failed', variant: 'danger' };
    case 'sending':
      return { text: 'Sending', variant: 'info' };
    case 'queued':
      return email.attempts > 0 ? { text: 'Retrying', variant: 'warning' } : { text: 'Queued', variant: 'secondary' };
  }
}

function EmailRow({ email }: { email: EmailDelivery }) {
  const state = deliveryState(email);
  return (
    <tr>
      <td className="text-break">{email.subject}</td>
      <td>
        <Badge bg={state.variant} text={state.variant === 'warning' || state.variant === 'info' ? 'dark' : undefined}>
          {state.text}
        </Badge>
      </td>
      <td className="small">
        {email.status === 'sent' && `Sent ${formatDateTime(email.sentAt)}`}
        {email.status === 'queued' &&
          email.attempts > 0 &&
          HISTORY_TEXTS.attemptFailed(email.attempts, formatDateTime(email.nextAttemptAt))}
        {email.status === 'queued' && email.attempts === 0 && `Queued ${formatDateTime(email.createdAt)}`}
        {email.status === 'failed' && HISTORY_TEXTS.gaveUp(email.attempts)}
        {email.lastError && email.status !== 'sent' && <span className="d-block text-danger">{email.lastError}</span>}
      </td>
    </tr>
  );
}

/** The audit trail (newest first) and every email to the applicant with its delivery status. */
export function HistoryPanel({ applicationId }: { applicationId: string }) {
  const query = useHistory(applicationId);

  return (
    <div className="row g-3 no-print">
      <section className="col-12 col-xl-6" aria-labelledby="history-title">
        <div className="card h-100">
          <div className="card-body">
            <h2 id="history-title" className="h5">
              History
            </h2>
            {query.isPending && <Spinner size="sm" role="status" aria-label={LOADING.history} />}
            {query.isError && (
              <Alert transition={false} variant="danger" className="d-flex justify-content-between align-items-center">
                <span>{HISTORY_TEXTS.loadError}</span>
                <Button size="sm" variant="outline-danger" onClick={() => void query.refetch()}>
                  Retry
                </Button>
              </Alert>
            )}
            {query.data &&
              (query.data.history.length === 0 ? (
                <p className="text-body-secondary">{HISTORY_TEXTS.empty}</p>
              ) : (
                <ol className="list-unstyled mb-0" aria-label="Changes, newest first">
                  {[...query.data.history].reverse().map((event) => (
                    <li key={event._id} className="border-bottom py-2">
                      <p className="mb-0">{describeEvent(event)}</p>
                      <p className="mb-0 small text-body-secondary">
                        <time dateTime={event.at}>{formatDateTime(event.at)}</time> · {event.actor?.name ?? HISTORY_TEXTS.systemActor}
                      </p>
                    </li>
                  ))}
                </ol>
              ))}
          </div>
        </div>
      </section>
      <section className="col-12 col-xl-6" aria-labelledby="emails-title">
        <div className="card h-100">
          <div className="card-body">
            <h2 id="emails-title" className="h5">
              Emails to the applicant
            </h2>
            {query.data &&
              (query.data.emails.length === 0 ? (
                <p className="text-body-secondary">{HISTORY_TEXTS.noEmails}</p>
              ) : (
                <table className="table table-sm align-middle mb-0">
                  <caption className="visually-hidden">Emails to the applicant, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Subject</th>
                      <th scope="col">Delivery</th>
                      <th scope="col">Details</th>
                    </tr>
                  </thead>
                  <tbody>
                    {query.data.emails.map((email) => (
                      <EmailRow key={email._id} email={email} />
                    ))}
                  </tbody>
                </table>
              ))}
          </div>
        </div>
      </section>
    </div>
  );
}
