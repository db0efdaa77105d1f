import { useId, useState } from 'react';
import { Alert, Badge, Button, Card, Form } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { DOCUMENTS_PAGE_TEXTS } from '@visa/shared/documents-page';
import { DOCUMENT_MAX_BYTES } from '@visa/shared/constants';
import { formatDate } from '@visa/shared/dates';
import { DOCUMENT_REQUEST_SENT_TEXTS, DOCUMENT_REQUEST_TEXTS as M, type StaffDocumentRequest } from '@visa/shared/document-requests';
import { ChosenDate } from '../../../components/chosen-date';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SentLink } from './sent-link';
import { type SentLink as Sent, refusalOf, useDocumentRequest, useDocumentRequestAction } from '../api/document-requests';
import { usePageForm } from '../../../lib/page-form';

const STATES = DOCUMENTS_PAGE_TEXTS.en.states;
const STATUS_TEXT: Record<NonNullable<StaffDocumentRequest['request']>['status'], string> = {
  open: 'Link works',
  expired: 'Link expired',
  revoked: 'Link revoked',
  replaced: 'Link replaced',
  done: 'Every document accepted',
};

type Item = NonNullable<StaffDocumentRequest['request']>['items'][number];

function ReceivedItem({
  item,
  onAccept,
  onAskAgain,
  busy,
}: {
  item: Item;
  onAccept: () => void;
  onAskAgain: (reason: string) => void;
  busy: boolean;
}) {
  const pageForm = usePageForm('Saving…');
  const [reason, setReason] = useState('');
  const id = useId();
  return (
    <div className="mt-2">
      {item.fileUrl && (
        <a href={item.fileUrl} target="_blank" rel="noreferrer" className="me-3">
          Open the file ({item.contentType === 'application/pdf' ? 'PDF' : 'picture'})
        </a>
      )}
      <Button size="sm" variant="success" className="me-2" disabled={busy} onClick={onAccept}>
        Accept
      </Button>
      <Form
        {...pageForm}
        className="d-flex gap-2 mt-2"
        onSubmit={(event) => {
          event.preventDefault();
          onAskAgain(reason);
        }}
      >
        <Form.Label htmlFor={id} className="visually-hidden">
          Reason to ask for {item.label.en} again
        </Form.Label>
        <Form.Control
          id={id}
          size="sm"
          placeholder="Reason the applicant sees"
          value={reason}
          maxLength={300}
          onChange={(e) => setReason(e.target.value)}
        />
        <Button size="sm" variant="outline-secondary" type="submit" disabled={busy}>
          Ask again
        </Button>
      </Form>
    </div>
  );
}

/**
 * Documents by link on the applicant file (ADR 0046): pick items of the visa type's checklist or
 * write one, set a due date and send; then each file the applicant sends is accepted or asked for again.
 */
export function DocumentRequestPanel({ applicationId }: { applicationId: string }) {
  const pageForm = usePageForm('Saving…');
  const { data } = useDocumentRequest(applicationId);
  const action = useDocumentRequestAction(applicationId);
  const [picked, setPicked] = useState<string[]>([]);
  const [dueDate, setDueDate] = useState('');
  const [custom, setCustom] = useState({ en: '', bn: '' });
  const [sent, setSent] = useState<Sent | null>(null);
  const [confirming, setConfirming] = useState(false);
  const formId = useId();
  if (!data) return null;
  const request = data.request;
  const waitingCount = request?.items.filter((item) => item.state === 'received').length ?? 0;
  const error = action.error ? refusalOf(action.error) : null;

  // Confirmed, the form starts afresh and the link is shown once; a toast names the channels it went by.
  const sentOnce = (outcome: { sent?: Sent }) => {
    setConfirming(false);
    if (!outcome.sent) return;
    setPicked([]);
    setDueDate('');
    setCustom({ en: '', bn: '' });
    setSent(outcome.sent);
    toast.success(DOCUMENT_REQUEST_SENT_TEXTS.sent(outcome.sent.channels));
  };

  const send = () =>
    action.mutate(
      {
        kind: 'send',
        body: {
          dueDate,
          checklistItems: picked,
          customItems: custom.en.trim()
            ? [
                {
                  label: { en: custom.en, bn: custom.bn || custom.en },
                  required: true,
                  types: ['image/jpeg', 'image/png', 'application/pdf'],
                  maxBytes: DOCUMENT_MAX_BYTES,
                },
              ]
            : [],
        },
      },
      { onSuccess: sentOnce, onError: () => setConfirming(false) },
    );

  return (
    <Card className="mt-3 no-print">
      <Card.Body>
        <h2 className="h5">Documents by link ({data.visaType} visa)</h2>
        {error && (
          <Alert variant="danger" className="py-2">
            {error}
          </Alert>
        )}
        {sent && <SentLink link={sent.link} onHide={() => setSent(null)} />}
        {request && (
          <section aria-label="Current request">
            <p className="mb-2">
              {STATUS_TEXT[request.status]} · due {formatDate(request.dueDate)}{' '}
              {request.status === 'open' && (
                <Button size="sm" variant="link" className="p-0 text-danger" onClick={() => action.mutate({ kind: 'revoke' })}>
                  Revoke link
                </Button>
              )}
            </p>
            {waitingCount > 0 && <p className="mb-1 fw-semibold">{M.waitingSummary(waitingCount)}</p>}
            <ul className="list-unstyled">
              {request.items.map((item) => (
                <li
                  key={item.id}
                  className={`border-bottom py-2${item.state === 'received' ? ' border-start border-4 border-warning ps-2' : ''}`}
                >
                  {/* Said in words first, so the mark does not rest on the colour of the edge. */}
                  {item.state === 'received' && (
                    <Badge bg="warning" text="dark" className="me-1">
                      {M.waitingForReview}
                    </Badge>
                  )}
                  <strong>{item.label.en}</strong> <Badge bg="secondary">{STATES[item.state]}</Badge>{' '}
                  {item.state === 'received' && <Badge bg="info">Sent by the applicant</Badge>}
                  {item.reason && item.state === 'asked_again' && <div className="small">Reason: {item.reason}</div>}
                  {item.state === 'received' && (
                    <ReceivedItem
                      item={item}
                      busy={action.isPending}
                      onAccept={() => action.mutate({ kind: 'accept', itemId: item.id })}
                      onAskAgain={(reason) => action.mutate({ kind: 'askAgain', itemId: item.id, reason })}
                    />
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}
        {/* Not the browser's checks: the server's message says why a date is refused and which is the latest. */}
        <Form
          {...pageForm}
          aria-label="New document request"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setSent(null);
            // A working link is replaced only once the clerk has said so: the applicant may be using it.
            if (request?.status === 'open') setConfirming(true);
            else send();
          }}
        >
          <fieldset>
            <legend className="h6">
              {request ? 'Send a new request (the old link stops working)' : 'Ask the applicant for documents'}
            </legend>
            {data.checklist.map((item) => (
              <Form.Check
                key={item.id}
                id={`${formId}-${item.id}`}
                label={`${item.label.en}${item.required ? '' : ' (optional)'}`}
                checked={picked.includes(item.id)}
                onChange={(e) => setPicked((now) => (e.target.checked ? [...now, item.id] : now.filter((p) => p !== item.id)))}
              />
            ))}
          </fieldset>
          <Form.Group className="mt-2" controlId={`${formId}-custom-en`}>
            <Form.Label>Another document (English)</Form.Label>
            <Form.Control value={custom.en} maxLength={120} onChange={(e) => setCustom({ ...custom, en: e.target.value })} />
          </Form.Group>
          <Form.Group className="mt-2" controlId={`${formId}-custom-bn`}>
            <Form.Label>Another document (Bangla)</Form.Label>
            <Form.Control value={custom.bn} maxLength={120} onChange={(e) => setCustom({ ...custom, bn: e.target.value })} />
          </Form.Group>
          <Form.Group className="mt-2" controlId={`${formId}-due`}>
            <Form.Label>Due date</Form.Label>
            {/* The server's bound (LINK_MAX_DAYS less the grace days): a later date is not offered, and refused if typed. */}
            <Form.Control
              type="date"
              value={dueDate}
              max={data.latestDueDate}
              aria-describedby={`${formId}-due-hint`}
              onChange={(e) => setDueDate(e.target.value)}
            />
            <ChosenDate value={dueDate} prefix="Due" />
            <Form.Text id={`${formId}-due-hint`}>
              By {formatDate(data.latestDueDate)} at the latest: links stop working after a set time.
            </Form.Text>
          </Form.Group>
          <Button type="submit" className="mt-3" disabled={action.isPending}>
            Send request
          </Button>
        </Form>
        <ConfirmDialog
          show={confirming}
          title={DOCUMENT_REQUEST_SENT_TEXTS.replaceTitle}
          confirmLabel={DOCUMENT_REQUEST_SENT_TEXTS.replaceConfirm}
          confirmVariant="danger"
          pending={action.isPending}
          onConfirm={send}
          onCancel={() => setConfirming(false)}
        >
          <p className="mb-0">{DOCUMENT_REQUEST_SENT_TEXTS.replaceBody}</p>
        </ConfirmDialog>
      </Card.Body>
    </Card>
  );
}
