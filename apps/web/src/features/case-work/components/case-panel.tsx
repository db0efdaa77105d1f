import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { CASE_UI_TEXTS as T } from '@visa/shared/case-ui-texts';
import { type CaseView, LETTER_LABELS, type Letter, STEP_LABELS, type TimelineKind, stageLabel } from '@visa/shared/case-work';
import { formatDate, formatDateTime } from '@visa/shared/dates';
import { LazyPanel } from '../../../components/lazy-panel';
import { useCase, useCaseAction, useCaseSettings, useStaffNames } from '../api/case';
import { daysFrom } from '../lib/days';
import { LetterChangeForm } from './letter-change-form';
import { LetterForm } from './letter-form';
import type { StaffOption } from './owner-select';
import { StepForm } from './step-form';

/** Open: days left or overdue, in words and not by colour alone; done: the day it was answered. */
function LetterState({ letter }: { letter: Letter }) {
  if (letter.doneOn !== null) return <Badge bg="success">{T.doneOn(formatDate(letter.doneOn))}</Badge>;
  const days = daysFrom(letter.deadline);
  return (
    <Badge bg={days < 0 ? 'danger' : days <= 7 ? 'warning' : 'secondary'} text={days >= 0 && days <= 7 ? 'dark' : undefined}>
      {T.daysLeft(days)}
    </Badge>
  );
}

function LetterItem({
  letter,
  staff,
  busy,
  onSubmit,
}: {
  letter: Letter;
  staff: StaffOption[] | null;
  busy: boolean;
  onSubmit: (action: Parameters<ReturnType<typeof useCaseAction>['mutateAsync']>[0]) => Promise<unknown>;
}) {
  const [changing, setChanging] = useState(false);
  const name = LETTER_LABELS[letter.kind];
  return (
    <li className="border-bottom py-2" data-testid="case-letter">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <strong>{name}</strong> <LetterState letter={letter} />
      </div>
      <div className="small">
        {T.letterDated(formatDate(letter.letterDate))} · {T.deadline(formatDate(letter.deadline))}
      </div>
      {letter.ruleDeadline && <div className="small">{T.overridden(formatDate(letter.ruleDeadline), letter.reason)}</div>}
      <div className="small text-body-secondary">{T.owner(letter.owner?.name ?? null)}</div>
      {letter.doneOn === null &&
        (changing ? (
          <LetterChangeForm letter={letter} staff={staff} busy={busy} onSubmit={onSubmit} onDone={() => setChanging(false)} />
        ) : (
          <Button size="sm" variant="link" className="p-0" aria-label={T.changeLetter(name)} onClick={() => setChanging(true)}>
            {T.change}
          </Button>
        ))}
    </li>
  );
}

function Summary({ view }: { view: CaseView }) {
  return (
    <dl className="row mb-0">
      <dt className="col-sm-5">{T.stage}</dt>
      <dd className="col-sm-7" data-testid="case-stage">
        {stageLabel(view.stage, view)}
      </dd>
      <dt className="col-sm-5">{T.irccNumber}</dt>
      <dd className="col-sm-7">{view.irccNumber ?? T.none}</dd>
      {view.biometricsValidUntil && (
        <>
          <dt className="col-sm-5">{T.biometricsValid}</dt>
          <dd className="col-sm-7">{formatDate(view.biometricsValidUntil)}</dd>
        </>
      )}
      {view.medicalValidUntil && (
        <>
          <dt className="col-sm-5">{T.medicalValid}</dt>
          <dd className="col-sm-7">{formatDate(view.medicalValidUntil)}</dd>
        </>
      )}
    </dl>
  );
}

function Timeline({ view }: { view: CaseView }) {
  if (view.timeline.length === 0) return <p className="text-body-secondary">{T.noTimeline}</p>;
  return (
    <ol className="list-unstyled mb-0" aria-label={T.timeline}>
      {[...view.timeline].reverse().map((entry) => (
        <li key={entry._id} className="border-bottom py-2">
          <p className="mb-0">
            <strong>{STEP_LABELS[entry.kind as TimelineKind] ?? entry.kind}</strong> · {stageLabel(entry.stage, view)} ·{' '}
            <time dateTime={entry.date}>{formatDate(entry.date)}</time>
          </p>
          {entry.note && <p className="mb-0 small">{entry.note}</p>}
          <p className="mb-0 small text-body-secondary">{T.recorded(entry.by?.name ?? T.someoneRemoved, formatDateTime(entry.at))}</p>
        </li>
      ))}
    </ol>
  );
}

/**
 * The case as IRCC runs it (ADR 0077) on the applicant file: the stage, the IRCC number, what stays
 * valid, the letters with their deadlines and owners, the timeline, and the forms that add to them.
 * `mayAssign`: the caller may list staff (super-admins), so letters can be given to others.
 */
export function CasePanel({ applicationId, meId, mayAssign }: { applicationId: string; meId: string; mayAssign: boolean }) {
  const query = useCase(applicationId);
  const settings = useCaseSettings();
  const staffQuery = useStaffNames(mayAssign);
  const action = useCaseAction(applicationId);
  const staff = mayAssign ? (staffQuery.data ?? []).map(({ _id, name }) => ({ _id, name })) : null;
  const others = staff?.filter((s) => s._id !== meId) ?? null;

  return (
    <LazyPanel titleId="case-title" title={T.title} query={query} loadError={T.loadError} retry="Retry">
      {query.data && (
        <div className="row g-3">
          <div className="col-12 col-lg-6">
            <Summary view={query.data} />
            <h3 className="h6 mt-3">{T.letters}</h3>
            {query.data.letters.length === 0 ? (
              <p className="text-body-secondary">{T.noLetters}</p>
            ) : (
              <ul className="list-unstyled mb-0" aria-label={T.letters}>
                {query.data.letters.map((letter) => (
                  <LetterItem key={letter._id} letter={letter} staff={staff} busy={action.isPending} onSubmit={action.mutateAsync} />
                ))}
              </ul>
            )}
            <h3 className="h6 mt-3">{T.timeline}</h3>
            <Timeline view={query.data} />
          </div>
          <div className="col-12 col-lg-6">
            <StepForm view={query.data} busy={action.isPending} onSubmit={action.mutateAsync} />
            <hr />
            {settings.data && <LetterForm settings={settings.data} staff={others} busy={action.isPending} onSubmit={action.mutateAsync} />}
          </div>
        </div>
      )}
    </LazyPanel>
  );
}
