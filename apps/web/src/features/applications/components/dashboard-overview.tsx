import { memo } from 'react';
import { Alert, Badge, Button, Card, Col, ListGroup, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import type { ApplicationStats } from '@visa/shared/applications';
import { APPLICATION_STATUSES, PAGE_SIZE, statusLabel } from '@visa/shared/constants';
import { APPLICATION_LIST } from '@visa/shared/ui-texts';
import { LOADING } from '@visa/shared/staff-texts';
import { StatusBadge } from '../../../components/status-badge';
import { paths } from '../../../config/paths';
import { documentsWaitingPath } from '../../../config/staff-links';
import { listErrorMessage, useApplications } from '../api/get-applications';
import { useStats } from '../api/get-stats';
import { FailedTextMessagesAlert } from './failed-text-messages';
import { useDocumentsToReview } from '../api/documents-to-review';
import { BarChart } from './bar-chart';
import { LoadingStatus } from '../../../components/loading-status';
import { useAfterLoad } from '../../../lib/use-after-load';
import { rowName } from '../lib/row-name';

// English month names as Intl gives them ('Nov 2026'): the first Intl.DateTimeFormat of a page
// loads time-zone data, which costs a phone more than the whole chart.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${MONTHS[m - 1]} ${y}`;
};

interface Props {
  page: number;
  onPageChange: (page: number) => void;
}

/**
 * The dashboard: total applications, total pages, and a paged list of names and details with
 * Previous and Next; plus counts by status and charts per month and per job title. Each part reads
 * its own queries, so an answer arriving redraws that part alone, not the page.
 */
export const DashboardOverview = memo(function DashboardOverview({ page, onPageChange }: Props) {
  return (
    <>
      <ListError page={page} />
      <FailedTextMessagesAlert />
      <Figures page={page} />
      <Row className="g-4">
        <Col lg={5}>
          <Card>
            <Card.Body>
              <h2 className="h5">Applications</h2>
              <ApplicationsPage page={page} onPageChange={onPageChange} />
            </Card.Body>
          </Card>
        </Col>
        <Col lg={7}>
          <Card>
            <Card.Body className="d-grid gap-4">
              <StatsCharts />
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </>
  );
});

function ListError({ page }: { page: number }) {
  const list = useApplications({ page, limit: PAGE_SIZE });
  return list.isError ? (
    <Alert variant="danger" role="alert">
      {listErrorMessage(list.error)}
    </Alert>
  ) : null;
}

function Figures({ page }: { page: number }) {
  const data = useApplications({ page, limit: PAGE_SIZE }).data;
  const stats = useStats();
  const toReview = useDocumentsToReview();
  return (
    <Row xs={1} sm={2} lg={6} className="g-3 mb-4">
      <Summary label="Total applications" value={data?.totalApplication} />
      <Summary label="Total pages" value={data?.totalPages} />
      {APPLICATION_STATUSES.map((status) => (
        <Summary
          key={status}
          label={statusLabel(status)}
          value={stats.data?.byStatus[status]}
          to={`${paths.applicationList}?${new URLSearchParams({ status })}`}
        />
      ))}
      {/* Files applicants sent by link that staff have not yet accepted or asked again for (ADR 0046),
          leading to the applications they are on (ADR 0069). */}
      <Summary label="Documents to review" value={toReview.data?.count} to={documentsWaitingPath} />
    </Row>
  );
}

function ApplicationsPage({ page, onPageChange }: Props) {
  const list = useApplications({ page, limit: PAGE_SIZE });
  const data = list.data;
  return (
    <>
      {list.isPending && <Loading label={LOADING.applications} />}
      {data && data.applications.length === 0 && <p className="mb-0">{APPLICATION_LIST.empty}</p>}
      {data && data.applications.length > 0 && (
        <ListGroup as="ol" numbered variant="flush" start={(page - 1) * PAGE_SIZE + 1}>
          {data.applications.map((a) => (
            <ListGroup.Item as="li" key={a._id} className="d-flex flex-wrap gap-2 align-items-baseline">
              <span className={a.anonymised ? 'fst-italic text-body-secondary' : 'fw-semibold'}>{rowName(a)}</span>
              {!a.anonymised && <code className="small">{a.passport}</code>}
              <span className="small text-body-secondary">{a.jobTitle}</span>
              <span className="ms-auto">
                <StatusBadge status={a.isStatus} label={statusLabel(a.isStatus)} />
              </span>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      {data && data.totalPages > 0 && (
        <div className="d-flex align-items-center gap-2 mt-3">
          <Button size="sm" variant="outline-dark" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            Previous
          </Button>
          <span className="small" aria-live="polite">
            Page {page} of {data.totalPages}
          </span>
          <Button size="sm" variant="outline-dark" disabled={page >= data.totalPages} onClick={() => onPageChange(page + 1)}>
            Next
          </Button>
        </div>
      )}
    </>
  );
}

/** Below the list on a phone: drawn once the page is idle. */
function StatsCharts() {
  const stats = useStats();
  const drawn = useAfterLoad();
  return (
    <>
      {(stats.isPending || !drawn) && <Loading label={LOADING.figures} />}
      {stats.isError && (
        <Alert variant="danger" role="alert" className="mb-0">
          {listErrorMessage(stats.error)}
        </Alert>
      )}
      {stats.data && drawn && <Charts stats={stats.data} />}
    </>
  );
}

/** Drawn again only when the figures change (the query keeps an unchanged answer's object). */
const Charts = memo(function Charts({ stats }: { stats: ApplicationStats }) {
  return (
    <>
      <BarChart
        title="Applications by month"
        labelHeading="Month"
        unit="applications in the last 12 months"
        data={stats.byMonth.map((m) => ({ label: monthLabel(m.month), value: m.count }))}
      />
      <BarChart
        title="Applications by job title"
        labelHeading="Job title"
        unit="applications"
        data={stats.byJobTitle.map((j) => ({ label: j.jobTitle, value: j.count }))}
      />
    </>
  );
});

/** A figure; a status's count links to the list filtered by that status. */
function Summary({ label, value, to }: { label: string; value: number | undefined; to?: string }) {
  return (
    <Col>
      <Card className="h-100">
        <Card.Body>
          <p className="small text-body-secondary mb-1">
            {to ? (
              // The name starts with the visible label, then says where the link goes.
              <Link to={to} className="stretched-link" aria-label={`${label}: show these applications`}>
                {label}
              </Link>
            ) : (
              label
            )}
          </p>
          <p className="h3 mb-0 summary-figure" data-testid={`summary-${label}`}>
            {value ?? (
              <Badge bg="light" text="dark">
                …
              </Badge>
            )}
          </p>
        </Card.Body>
      </Card>
    </Col>
  );
}

function Loading({ label }: { label: string }) {
  return <LoadingStatus className="py-2">{label}</LoadingStatus>;
}
