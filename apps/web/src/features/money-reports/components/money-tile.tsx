import { Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { REPORT_WORDS as W } from '@visa/shared/money-report-words';
import { showTaka } from '@visa/shared/taka';
import { paths } from '../../../config/paths';
import { useMoneyTile } from '../api/get-reports';

/** The dashboard's money tile for super-admins (ADR 0092): today's takings and what all applications owe, leading to Reports. */
export function MoneyTile({ enabled }: { enabled: boolean }) {
  const tile = useMoneyTile(enabled).data;
  if (!enabled) return null;
  const figure = (minor: number | undefined) => (minor === undefined ? '…' : showTaka(minor));
  return (
    <Card className="mb-4" data-testid="money-tile">
      <Card.Body className="d-flex flex-wrap align-items-baseline gap-3">
        <h2 className="h6 mb-0">
          <Link to={paths.reports} className="stretched-link" aria-label={W.tileLink}>
            {W.tileTitle}
          </Link>
        </h2>
        <span>
          <strong className="h4">{figure(tile?.todayMinor)}</strong> {W.tileToday}
        </span>
        <span>
          <strong className="h4">{figure(tile?.outstandingMinor)}</strong> {W.tileOutstanding}
        </span>
      </Card.Body>
    </Card>
  );
}
