import { Alert, ListGroup } from 'react-bootstrap';
import { Link } from 'react-router';
import type { WorkItem, WorkList } from '@visa/shared/case-work-lists';
import { LETTER_LABELS, WORK_LIST_MAX } from '@visa/shared/case-words';
import { formatDate } from '@visa/shared/dates';
import { MY_WORK } from '@visa/shared/my-work-texts';
import { LoadingStatus } from '../../../components/loading-status';
import { applicationFilePath } from '../../../config/staff-links';
import { type Who, useMyWork } from '../api/get-my-work';

/**
 * The open IRCC letters by deadline (ADR 0079): overdue, due today, due this week, each with the
 * applicant (leading to their file), the letter in words, its deadline, the days past or left in
 * words and its owner. A list of lines that wrap, so a phone shows it without sideways scrolling.
 */
export function MyWorkList({ who }: { who: Who }) {
  const work = useMyWork(who);
  if (work.isPending) return <LoadingStatus className="py-4">{MY_WORK.loading}</LoadingStatus>;
  if (work.isError)
    return (
      <Alert variant="danger" role="alert">
        {MY_WORK.failed}
      </Alert>
    );
  const list = work.data;
  const empty = list.overdue.length + list.dueToday.length + list.dueThisWeek.length === 0;
  return (
    <>
      {empty && <p data-testid="my-work-empty">{who === 'me' ? MY_WORK.empty : MY_WORK.emptyEveryone}</p>}
      {list.capped && (
        <Alert variant="warning" data-testid="my-work-capped">
          {MY_WORK.capped(WORK_LIST_MAX)}
        </Alert>
      )}
      {!empty && (
        <>
          <Section title={MY_WORK.overdue} items={list.overdue} list={list} tone="text-danger" />
          <Section title={MY_WORK.dueToday} items={list.dueToday} list={list} tone="text-warning-emphasis" />
          <Section title={MY_WORK.dueThisWeek} items={list.dueThisWeek} list={list} />
        </>
      )}
    </>
  );
}

function Section({ title, items, list, tone }: { title: string; items: WorkItem[]; list: WorkList; tone?: string }) {
  const id = `my-work-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="mb-4">
      <h2 id={id} className="h5">
        {title} <span className="text-body-secondary fw-normal">({items.length})</span>
      </h2>
      {items.length === 0 ? (
        <p className="text-body-secondary">{MY_WORK.none}</p>
      ) : (
        <ListGroup as="ul">
          {items.map((item) => (
            <ListGroup.Item as="li" key={item.letterId} className="d-flex flex-wrap gap-2 align-items-baseline">
              <Link to={applicationFilePath(item.applicationId)} className="fw-semibold text-break">
                {item.givenName} {item.surname}
              </Link>
              <span>{LETTER_LABELS[item.kind]}</span>
              <span className="small">{MY_WORK.deadline(formatDate(item.deadline))}</span>
              <span className={`small fw-semibold ${tone ?? ''}`}>{MY_WORK.days(item.deadline, list.today)}</span>
              <span className="small text-body-secondary ms-sm-auto">{item.owner ? MY_WORK.owner(item.owner.name) : MY_WORK.noOwner}</span>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </section>
  );
}
