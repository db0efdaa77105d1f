import { type FormEvent, useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { PASSPORT_HOLDER_LABELS, type PassportHolder } from '@visa/shared/case-work';
import { PASSPORT_MOVES, PASSPORT_PLACE_LABELS, type Handover, holderIsAt } from '@visa/shared/passport-custody';
import { OFFICE_TIME_ZONE, formatDate, formatDateTime, todayIn } from '@visa/shared/dates';
import { PASSPORT_CUSTODY as T } from '@visa/shared/custody-texts';
import { LoadingStatus } from '../../../components/loading-status';
import { serverMessage } from '../../../lib/api-client';
import { usePassportCustody, usePrintSlip, useRecordHandover } from '../api/custody';
import { usePageForm } from '../../../lib/page-form';

const moveKey = ([from, to]: readonly [string, string]) => `${from}>${to}`;
const moveLabel = (from: Handover['from'], to: Handover['to']) => `${PASSPORT_PLACE_LABELS[from]} → ${PASSPORT_PLACE_LABELS[to]}`;

/**
 * The passport on the applicant file (ADR 0082): where it is now, every handover with its slip to
 * print, and the form to record the next one, offering only the moves the passport can make.
 */
export function PassportPanel({ applicationId }: { applicationId: string }) {
  const custody = usePassportCustody(applicationId);
  const data = custody.data;
  return (
    <Card className="mb-3 no-print" as="section" aria-labelledby="passport-title">
      <Card.Body>
        <h2 id="passport-title" className="h6">
          {T.title}
        </h2>
        {custody.isPending && <LoadingStatus>{T.loading}</LoadingStatus>}
        {custody.isError && <p className="mb-2 text-danger">{T.loadError}</p>}
        {data && (
          <>
            <p className="mb-2" data-testid="passport-holder">
              {T.where}: <strong>{PASSPORT_HOLDER_LABELS[data.holder]}</strong>
            </p>
            <HandoverLog applicationId={applicationId} handovers={data.handovers} />
            <HandoverForm applicationId={applicationId} holder={data.holder} />
          </>
        )}
      </Card.Body>
    </Card>
  );
}

function HandoverLog({ applicationId, handovers }: { applicationId: string; handovers: Handover[] }) {
  const print = usePrintSlip(applicationId);
  return (
    <section aria-labelledby="passport-log-title" className="mb-3">
      <h3 id="passport-log-title" className="h6 text-secondary">
        {T.log}
      </h3>
      {handovers.length === 0 ? (
        <p className="mb-0">{T.noHandovers}</p>
      ) : (
        <ol className="list-unstyled mb-0">
          {[...handovers].reverse().map((h) => (
            <li key={h._id} className="border-top py-2 d-flex flex-wrap gap-2 align-items-start">
              <div className="flex-grow-1" style={{ minWidth: '12rem' }}>
                <strong>{formatDate(h.date)}</strong> · {moveLabel(h.from, h.to)}
                {h.counterpart && <span className="d-block">{h.counterpart}</span>}
                {h.note && <span className="d-block text-secondary">{h.note}</span>}
                <span className="d-block small text-secondary">{T.by(h.by?.name ?? '—', formatDateTime(h.at))}</span>
              </div>
              <Button
                variant="outline-dark"
                size="sm"
                aria-label={`${T.printSlip}: ${formatDate(h.date)}, ${moveLabel(h.from, h.to)}`}
                disabled={print.isPending}
                onClick={() =>
                  print.mutate(
                    { handoverId: h._id, tab: window.open('', '_blank') },
                    { onError: (error) => toast.error(serverMessage(error) ?? T.printError) },
                  )
                }
              >
                {print.isPending && print.variables?.handoverId === h._id ? T.printing : T.printSlip}
              </Button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function HandoverForm({ applicationId, holder }: { applicationId: string; holder: PassportHolder }) {
  const pageForm = usePageForm('Saving…');
  const record = useRecordHandover(applicationId);
  const moves = PASSPORT_MOVES.filter(([from]) => holderIsAt(holder, from));
  // What was picked, while the passport's place still offers it; else the first move it offers.
  const [move, setMove] = useState('');
  const [date, setDate] = useState(() => todayIn(OFFICE_TIME_ZONE));
  const [counterpart, setCounterpart] = useState('');
  const [note, setNote] = useState('');
  const chosen = moves.find((m) => moveKey(m) === move) ?? moves[0]!;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    record.mutate(
      { from: chosen[0], to: chosen[1], date, counterpart, note },
      {
        onSuccess: () => {
          setMove('');
          setCounterpart('');
          setNote('');
          toast.success(T.saved);
        },
      },
    );
  };

  return (
    <Form {...pageForm} onSubmit={submit} aria-labelledby="handover-form-title" noValidate>
      <h3 id="handover-form-title" className="h6 text-secondary">
        {T.recordTitle}
      </h3>
      <div className="row g-2">
        <Form.Group className="col-12 col-md-6" controlId={`handover-move-${applicationId}`}>
          <Form.Label>{T.move}</Form.Label>
          <Form.Select value={moveKey(chosen)} onChange={(e) => setMove(e.target.value)}>
            {moves.map(([from, to]) => (
              <option key={moveKey([from, to])} value={moveKey([from, to])}>
                {moveLabel(from, to)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-12 col-md-6" controlId={`handover-date-${applicationId}`}>
          <Form.Label>{T.date}</Form.Label>
          <Form.Control type="date" value={date} required onChange={(e) => setDate(e.target.value)} />
        </Form.Group>
        <Form.Group className="col-12" controlId={`handover-counterpart-${applicationId}`}>
          <Form.Label>{T.counterpart}</Form.Label>
          <Form.Control
            value={counterpart}
            maxLength={120}
            aria-describedby={`handover-counterpart-hint-${applicationId}`}
            onChange={(e) => setCounterpart(e.target.value)}
          />
          <Form.Text id={`handover-counterpart-hint-${applicationId}`}>{T.counterpartHint}</Form.Text>
        </Form.Group>
        <Form.Group className="col-12" controlId={`handover-note-${applicationId}`}>
          <Form.Label>{T.note}</Form.Label>
          <Form.Control as="textarea" rows={2} value={note} maxLength={300} onChange={(e) => setNote(e.target.value)} />
        </Form.Group>
      </div>
      {record.isError && (
        <Alert variant="danger" className="mt-2 mb-0" role="alert">
          {serverMessage(record.error) ?? T.saveError}
        </Alert>
      )}
      <Button type="submit" variant="dark" size="sm" className="mt-2" disabled={record.isPending}>
        {record.isPending ? T.saving : T.save}
      </Button>
    </Form>
  );
}
