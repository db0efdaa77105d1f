import { useId, useRef, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { APPLICANT_FILE_TEXTS, STATUS_ACTIONS, STATUS_CHANGED, type StatusAction } from '@visa/shared/applicant-file';
import type { Application } from '@visa/shared/applications';
import { statusLabel } from '@visa/shared/constants';
import { OFFICE_TIME_ZONE, formatDate, isIsoDate, todayIn } from '@visa/shared/dates';
import { STATUS_CONFIRM } from '@visa/shared/staff-texts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useChangeStatus } from '../api/change-status';
import { statusActionError } from '../lib/action-errors';

const BUTTONS: { action: StatusAction; label: string; variant: string }[] = [
  { action: 'pending', label: 'Pending', variant: 'warning' },
  { action: 'approve', label: 'Approve', variant: 'success' },
  { action: 'reject', label: 'Reject', variant: 'danger' },
];

const CONFIRM: Record<StatusAction, { title: string; confirm: string; dateLabel?: string; variant: string }> = {
  pending: { ...STATUS_CONFIRM.pending, variant: 'warning' },
  approve: { ...STATUS_CONFIRM.approve, variant: 'success' },
  reject: { ...STATUS_CONFIRM.reject, variant: 'danger' },
};

/** The same rule as the server's (docs/product.md#api-applicant-file), so a wrong day is caught before sending. */
function dateProblem(date: string, addedOn: string, today: string): string | undefined {
  if (!isIsoDate(date)) return APPLICANT_FILE_TEXTS.invalidDate;
  if (date > today) return APPLICANT_FILE_TEXTS.dateInFuture;
  if (date < addedOn) return APPLICANT_FILE_TEXTS.dateBeforeCreated;
  return undefined;
}

/**
 * Pending, Approve and Reject (ADR 0008). Each asks first, in a dialog that says which date will be
 * recorded — for Pending (the visa collect date) and Approve (the approval date) today unless the
 * clerk picks another day between the day the application was added and today (ADR 0020). The
 * button of the current status is disabled because that action would change nothing; every button
 * is disabled while a change is on its way, and a second click meanwhile sends nothing, so a double
 * click makes one change and one email.
 */
export function StatusActions({ application }: { application: Application }) {
  const dateId = useId();
  const [confirming, setConfirming] = useState<StatusAction | null>(null);
  const [date, setDate] = useState('');
  const [dateError, setDateError] = useState<string | undefined>();
  const [error, setError] = useState<{ message: string; detail?: string } | null>(null);
  const mutation = useChangeStatus();
  // isPending reaches the buttons only after a render; this closes the gap for a fast second click.
  const sending = useRef(false);
  const current = application.isStatus;
  const today = todayIn(OFFICE_TIME_ZONE);
  const addedOn = todayIn(OFFICE_TIME_ZONE, new Date(application.createdAt));
  const name = `${application.givenN} ${application.surname}`;

  const ask = (action: StatusAction) => {
    setError(null);
    setDate(today);
    setDateError(undefined);
    setConfirming(action);
  };

  const run = (action: StatusAction) => {
    if (sending.current) return;
    const withDate = action !== 'reject';
    const problem = withDate ? dateProblem(date, addedOn, today) : undefined;
    if (problem) return setDateError(problem);
    sending.current = true;
    setError(null);
    mutation.mutate(
      { id: application._id, action, date: withDate ? date : undefined },
      {
        onSuccess: () => toast.success(STATUS_CHANGED[action]),
        onError: (err) => setError(statusActionError(action, err)),
        onSettled: () => {
          sending.current = false;
          setConfirming(null);
        },
      },
    );
  };

  const dialog = confirming ? CONFIRM[confirming] : undefined;
  return (
    <section className="card mb-3 no-print" aria-labelledby="status-actions-title">
      <div className="card-body">
        <h2 id="status-actions-title" className="h5">
          Status: {statusLabel(current)}
        </h2>
        <div className="d-flex flex-wrap align-items-end gap-2">
          {BUTTONS.map(({ action, label, variant }) => (
            <Button
              key={action}
              variant={variant}
              disabled={mutation.isPending || STATUS_ACTIONS[action].status === current}
              onClick={() => ask(action)}
            >
              {label}
            </Button>
          ))}
        </div>
        {error && (
          <Alert transition={false} variant="danger" className="mt-3 mb-0" role="alert">
            <p className="mb-0">{error.message}</p>
            {error.detail && <p className="mb-0 small">{error.detail}</p>}
          </Alert>
        )}
      </div>

      <ConfirmDialog
        show={confirming !== null}
        title={dialog?.title ?? ''}
        confirmLabel={dialog?.confirm ?? ''}
        confirmVariant={dialog?.variant}
        pending={mutation.isPending}
        pendingSpinner
        lockWhilePending
        onConfirm={() => confirming && run(confirming)}
        onCancel={() => setConfirming(null)}
      >
        {confirming === 'reject' ? (
          <>
            <p>The application of {name} will be marked as rejected and the applicant will be emailed.</p>
            <p className="mb-0">
              No visa date is recorded: the approval date is cleared
              {application.pending ? ` and the visa collect date stays ${formatDate(application.pending)}` : ''}.
            </p>
          </>
        ) : (
          <>
            <p>
              The application of {name} will be {confirming === 'approve' ? 'approved' : 'set back to pending'} and the applicant will be
              emailed.
            </p>
            <Form.Group controlId={dateId}>
              <Form.Label>{dialog?.dateLabel}</Form.Label>
              <Form.Control
                type="date"
                value={date}
                min={addedOn}
                max={today}
                required
                isInvalid={Boolean(dateError)}
                aria-invalid={Boolean(dateError)}
                aria-describedby={dateError ? `${dateId}-error ${dateId}-help` : `${dateId}-help`}
                onChange={(e) => {
                  setDate(e.target.value);
                  setDateError(undefined);
                }}
              />
              {dateError && (
                <Form.Control.Feedback type="invalid" id={`${dateId}-error`} role="alert">
                  {dateError}
                </Form.Control.Feedback>
              )}
              <Form.Text id={`${dateId}-help`} className="d-block">
                Today unless you pick another day, from the day the application was added ({formatDate(addedOn)}) to today.
              </Form.Text>
            </Form.Group>
            <p className="mt-3 mb-0" data-testid="recorded-date">
              Date to be recorded: <strong>{isIsoDate(date) ? formatDate(date) : '—'}</strong>
              {date === today && ' (today)'}
            </p>
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}
