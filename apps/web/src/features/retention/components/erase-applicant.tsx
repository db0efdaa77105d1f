import { useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import { ERASURE_TEXTS, EraseApplicationSchema } from '@visa/shared/retention';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { api, serverMessage } from '../../../lib/api-client';
import { usePageForm } from '../../../lib/page-form';
import { refetchAfterWrite } from '../../../lib/query-client';

/**
 * "Erase now" on the applicant file (super-admins; ADR 0052): the same erasure as the
 * retention run, at once, with a reason for the history and the passport number typed again to
 * confirm. Both go in the request body, never in an address.
 */
export function EraseApplicant({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const pageForm = usePageForm('Erasing…');
  const erase = useMutation({
    mutationFn: async () => (await api.post(apiUrl('eraseApplication', { id }), { reason, confirmation })).data,
    onSuccess: () => {
      setOpen(false);
      // Every list, count and the file itself: the record now shows without its personal data.
      return refetchAfterWrite(queryClient, { queryKey: ['applications'] });
    },
  });

  const submit = () => {
    const checked = EraseApplicationSchema.safeParse({ reason, confirmation });
    if (!checked.success) return setProblem(checked.error.issues[0]!.message);
    if (!confirmation.trim()) return setProblem(ERASURE_TEXTS.confirmationWrong);
    setProblem(null);
    erase.mutate();
  };

  return (
    <section className="card shadow-sm mt-3 border-danger-subtle" aria-labelledby="erase-applicant">
      <div className="card-body">
        <h2 id="erase-applicant" className="h6">
          Personal data
        </h2>
        {erase.isSuccess && (
          <Alert variant="success" role="status">
            {ERASURE_TEXTS.erased}
          </Alert>
        )}
        <p className="small text-body-secondary">
          Erasing removes the applicant&apos;s names, contact details, passport, photo and documents for good, backups restored later
          included. The record stays, without them, for the counts and the history.
        </p>
        <Button variant="outline-danger" onClick={() => setOpen(true)} disabled={erase.isSuccess}>
          Erase now
        </Button>
      </div>
      <ConfirmDialog
        show={open}
        title="Erase this applicant's personal data?"
        confirmLabel="Erase"
        pending={erase.isPending}
        lockWhilePending
        error={problem ?? (erase.isError ? (serverMessage(erase.error) ?? 'Something went wrong. Please try again.') : undefined)}
        onConfirm={submit}
        onCancel={() => setOpen(false)}
      >
        <Form
          {...pageForm}
          aria-label="Erase the applicant"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Form.Group className="mb-3" controlId="erase-reason">
            <Form.Label>Reason (kept in the history; do not name the person)</Form.Label>
            <Form.Control as="textarea" rows={2} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
          </Form.Group>
          <Form.Group controlId="erase-confirmation">
            <Form.Label>Type the applicant&apos;s passport number to confirm</Form.Label>
            <Form.Control autoComplete="off" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />
          </Form.Group>
        </Form>
      </ConfirmDialog>
    </section>
  );
}
