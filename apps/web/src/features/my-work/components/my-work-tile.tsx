import { Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { MY_WORK_TILE } from '@visa/shared/staff-texts';
import { paths } from '../../../config/paths';
import { useMyWork } from '../api/get-my-work';

/**
 * The dashboard's tile (ADR 0079): how many of the signed-in member's letters are overdue, due
 * today and due this week, leading to My work. A capped list counts at least what it shows.
 */
export function MyWorkTile() {
  const work = useMyWork('me').data;
  const figure = (n: number | undefined, more = false) => (n === undefined ? '…' : `${n}${more ? '+' : ''}`);
  return (
    <Card className="mb-4" data-testid="my-work-tile">
      <Card.Body className="d-flex flex-wrap align-items-baseline gap-3">
        <h2 className="h6 mb-0">
          <Link to={paths.myWork} className="stretched-link" aria-label={MY_WORK_TILE.link}>
            {MY_WORK_TILE.title}
          </Link>
        </h2>
        <span>
          <strong className="h4 text-danger">{figure(work?.overdue.length)}</strong> {MY_WORK_TILE.overdue}
        </span>
        <span>
          <strong className="h4">{figure(work?.dueToday.length)}</strong> {MY_WORK_TILE.today}
        </span>
        <span>
          <strong className="h4">{figure(work?.dueThisWeek.length, work?.capped)}</strong> {MY_WORK_TILE.week}
        </span>
      </Card.Body>
    </Card>
  );
}
