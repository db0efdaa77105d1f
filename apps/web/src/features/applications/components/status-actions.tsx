import { useId, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { STATUS_ACTIONS, type StatusAction } from '@visa/shared/applicant-file';
import type { Application } from '@visa/shared/applications';
import { statusLabel } from '@visa/shared/constants';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useChangeStatus } from '../api/change-status';
import { statusActionError } from '../lib/action-errors';

const BUTTONS: { action: StatusAction; label: string; variant: string }[] = [
  { action: 'pending', label: 'Pending', variant: 'warning' },
  { action: 'approve', label: 'Approve', variant: 'success' },
  { action: 'reject', label: 'Reject', variant: 'danger' },
];

const DONE: Record<StatusAction, string> = {
  pending: 'Application set to pending.',
  approve: 'Application approved.',
  reject: 'Application rejected.',
};

/**
 * Pending, Approve and Reject (ADR 0008). The optional date is the visa collect date for Pending
 * and the approve date for Approve (empty: today). The button of the current status is disabled
 * because that action would change nothing; Reject asks for confirmation first.
 */
export function StatusActions({ application }: { application: Application }) {
  const dateId = useId();
  const [date, setDate] = useState('');
  const [confirmReject, setConfirmReject] = useState(false);
  const [error, setError] = useState<{ message: string; detail?: string } | null>(null);
  const mutation = useChangeStatus();
  const current = application.isStatus;

  const run = (action: StatusAction) => {
    setError(null);
    mutation.mutate(
      { id: application._id, action, date: date || undefined },
      {
        onSuccess: () => {
          toast.success(DONE[action]);
          setDate('');
        },
        onError: (err) => setError(statusActionError(action, err)),
        onSettled: () => setConfirmReject(false),
      },
    );
  };

  return (
    <section className="card mb-3 no-print" aria-labelledby="status-actions-title">
      <div className="card-body">
        <h2 id="status-actions-title" className="h5">
          Status: {statusLabel(current)}
        </h2>
        <div className="d-flex flex-wrap align-items-end gap-2">
          <Form.Group controlId={dateId} className="me-2">
            <Form.Label className="small mb-1">Date for Pending (visa collect) or Approve</Form.Label>
            <Form.Control
              type="date"
              size="sm"
              value={date}
              onChange={(e) => setDate(e.target.value)}
              aria-describedby={`${dateId}-help`}
            />
            <Form.Text id={`${dateId}-help`} className="d-block">
              Leave empty for today.
            </Form.Text>
          </Form.Group>
          {BUTTONS.map(({ action, label, variant }) => (
            <Button
              key={action}
              variant={variant}
              disabled={mutation.isPending || STATUS_ACTIONS[action].status === current}
              onClick={() => (action === 'reject' ? setConfirmReject(true) : run(action))}
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
        show={confirmReject}
        title="Reject this application?"
        confirmLabel="Reject application"
        pending={mutation.isPending}
        onConfirm={() => run('reject')}
        onCancel={() => setConfirmReject(false)}
      >
        The application of {application.givenN} {application.surname} will be marked as rejected and the applicant will be emailed.
      </ConfirmDialog>
    </section>
  );
}
